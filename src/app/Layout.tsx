import { useRef, type MouseEvent, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { ConnectionIndicator } from '../components/ConnectionIndicator'
import { OfflineNotice } from '../components/OfflineNotice'
import { optionalLazy } from '../components/optional-lazy'
import { useMe } from '../features/auth/api'
import { loadPromptMessages, useT } from '../i18n'
import { useOnline } from '../offline/online'
import { useConnection } from '../realtime/live'
import { GAVEL_BLOCK, GAVEL_HEAD, GAVEL_TURN, LOGO_TILE, type LogoTone } from './logo'
import { useMemberNav } from './member-nav'
import { NavLink } from './NavLink'
import { useAfterLoad } from './useAfterLoad'
import { useNavigationFocus } from './useNavigationFocus'

// Nothing on the first screen needs these: they arrive as chunks after the first paint
// (docs/decisions/0030-first-visit.md). The worker registers from UpdatePrompt, after the load.
// Their words are a small chunk of their own (src/i18n/messages/prompts.ts): it comes with them.
const UpdatePrompt = optionalLazy(() =>
  Promise.all([import('./UpdatePrompt'), loadPromptMessages()]).then(([m]) => ({
    default: m.UpdatePrompt,
  })),
)
const InstallPrompt = optionalLazy(() =>
  Promise.all([import('./InstallPrompt'), loadPromptMessages()]).then(([m]) => ({
    default: m.InstallPrompt,
  })),
)

/** The states the header can show, for the indicator's width (it never changes with the state). */
const CONNECTION_STATES = ['offline', 'connecting', 'live', 'reconnecting'] as const

const TONE_COLOR: Record<LogoTone, string> = { gold: 'var(--gold)', goldDeep: 'var(--gold-deep)' }

function Logo() {
  const { tone: blockTone, ...block } = GAVEL_BLOCK
  return (
    <svg viewBox="0 0 100 100" className="brand-logo" aria-hidden="true">
      <rect {...LOGO_TILE} fill="var(--ink-raised-2)" />
      <g transform={GAVEL_TURN}>
        {GAVEL_HEAD.map(({ tone, ...box }) => (
          <rect key={box.x} {...box} fill={TONE_COLOR[tone]} />
        ))}
      </g>
      <rect {...block} fill={TONE_COLOR[blockTone]} />
    </svg>
  )
}

/**
 * The skip link moves focus into the content itself: following `#main` would add a history entry
 * (Back would seem to do nothing) and put a fragment in the address.
 */
function skipToContent(event: MouseEvent, main: HTMLElement | null) {
  if (!main) return
  event.preventDefault()
  main.focus()
}

/**
 * The header's connection state, apart: its every step (connecting → live → reconnecting)
 * re-renders this, not the header and its links.
 */
function HeaderConnection() {
  const { t } = useT()
  const connection = useConnection()
  return (
    <ConnectionIndicator
      state={connection}
      label={t(`connection.${connection}`)}
      labels={CONNECTION_STATES.map((state) => t(`connection.${state}`))}
    />
  )
}

/** What waits for the page to load and go idle: its own state, so its arrival re-renders only it. */
function AfterLoad({ children }: { children: ReactNode }) {
  return useAfterLoad() ? <>{children}</> : null
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useT()
  const online = useOnline()
  const me = useMe()
  const [location] = useLocation()
  const main = useRef<HTMLElement>(null)
  const onAuthScreen = location.startsWith('/sign-in') || location.startsWith('/sign-up')
  // While someone signs in, their header's links load: they show with the first screen after it.
  const member = useMemberNav(Boolean(me.data) || onAuthScreen)
  // Keyboard and screen-reader users land on the new screen's heading; scroll per navigation.
  useNavigationFocus(main, location)

  const signInHref = onAuthScreen ? '/sign-in' : `/sign-in?next=${encodeURIComponent(location)}`

  return (
    <>
      <a href="#main" className="skip-link" onClick={(event) => skipToContent(event, main.current)}>
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <div className="header-inner">
          <Link href="/" className="brand" aria-label={t('nav.home')}>
            <Logo />
            <span className="brand-name" aria-hidden="true">
              {t('app.name')}
            </span>
          </Link>
          <nav aria-label={t('nav.label')} className="nav">
            <NavLink href="/" icon="lots">
              {t('nav.lots')}
            </NavLink>
            <NavLink href="/shows" icon="shows">
              {t('nav.shows')}
            </NavLink>
            {me.data ? (
              member ? (
                <member.MemberLinks me={me.data} />
              ) : null
            ) : (
              <NavLink href={signInHref} icon="signIn">
                {t('nav.signIn')}
              </NavLink>
            )}
          </nav>
          {me.data && member ? <member.MemberBell /> : null}
          <HeaderConnection />
        </div>
      </header>
      {!online ? (
        <div className="offline-banner">
          <OfflineNotice>{t('offline.banner')}</OfflineNotice>
        </div>
      ) : null}
      <AfterLoad>
        <UpdatePrompt />
        {me.data && member ? <member.MemberAlerts userId={me.data.id} /> : null}
      </AfterLoad>
      <main id="main" ref={main} tabIndex={-1} className="main">
        {children}
        {/* Shown in the lot list's own place for it (issue 32): it arrives late, so never above a card. */}
        <AfterLoad>
          <InstallPrompt />
        </AfterLoad>
      </main>
    </>
  )
}
