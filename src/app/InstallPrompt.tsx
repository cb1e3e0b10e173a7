import { createPortal } from 'react-dom'
import { useLocation } from 'wouter'
import { useInstallPlace } from '../components/install-interest'
import { Button } from '../components/Button'
import { useT } from '../i18n'
import { dismissInstall, promptInstall, useInstallOffer } from './install'
import './install.css'

/**
 * "Install Lotline" on the home screen of the app, only when the browser allows it (or as
 * instructions on an iPhone), never once installed or after "Not now"; shown in the place the lot
 * list keeps for it, after a bid, a watch or a second visit (src/components/install-interest.ts).
 */
export function InstallPrompt() {
  const { t } = useT()
  const offer = useInstallOffer()
  const [location] = useLocation()
  // Near the list's top, once the person has shown interest (issue 32); nowhere else.
  const place = useInstallPlace()
  if (offer === 'none' || location !== '/' || !place) return null
  return createPortal(
    <section className="install-offer" aria-labelledby="install-title">
      <div className="install-text">
        <h2 id="install-title" className="install-title">
          {t('install.title')}
        </h2>
        <p className="muted small">{offer === 'ios' ? t('install.ios') : t('install.body')}</p>
      </div>
      <div className="install-actions">
        {offer === 'prompt' ? (
          <Button variant="primary" onClick={() => void promptInstall()}>
            {t('install.action')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={dismissInstall}>
          {t('install.notNow')}
        </Button>
      </div>
    </section>,
    place,
  )
}
