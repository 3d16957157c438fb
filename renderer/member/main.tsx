import '../common/zod-config'
import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, watchSystemTheme } from '../common/theme/theme'
import '../common/theme/base.css'
import './shell/forms.css'
import { App } from './App'
import { startRouteData } from './routeData'

applyTheme()
watchSystemTheme()

const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': an offline device gets the error state with 重试 at once instead of a paused query's
    // endless spinner (issue 13).
    queries: { refetchOnWindowFocus: false, retry: 1, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
})

// The page's first data leaves now, before React's first render (and, on a note page, before the page's chunk).
startRouteData(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
)
