/**
 * The desktop app's own pages (app://shiliu/desktop/...): the start-up window and the settings window.
 * They work without any server: everything comes from the main process through window.shiliu.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, watchSystemTheme } from '../common/theme/theme'
import '../common/theme/base.css'
import { SettingsPage } from './SettingsPage'
import { StartupPage } from './StartupPage'
import './desktop-pages.css'

applyTheme()
watchSystemTheme()

const page = window.location.pathname.startsWith('/desktop/startup') ? <StartupPage /> : <SettingsPage />

createRoot(document.getElementById('root')!).render(<StrictMode>{page}</StrictMode>)
