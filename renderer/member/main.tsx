import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, watchSystemTheme } from '../common/theme/theme'
import '../common/theme/base.css'
import './shell/forms.css'
import { App } from './App'

applyTheme()
watchSystemTheme()

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
)
