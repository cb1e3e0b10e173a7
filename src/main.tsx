import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// Queueable mutation defaults must be registered before the persisted cache is restored.
import './app/offline-mutations'
import { App } from './app/App'
import { installPreloadRecovery } from './app/preload-recovery'
import { seedOnlineState } from './offline/online'
import './styles.css'

seedOnlineState()
// Which build is running: support answers, and the update e2e test checks it after a reload.
document.documentElement.dataset.appVersion = import.meta.env.VITE_APP_VERSION ?? 'dev'
installPreloadRecovery()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
