import { useLayoutEffect, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { SignedInOnly, useMe } from '../auth'
import { AuditPanel } from './AuditPanel'
import { LotsPanel } from './LotsPanel'
import { MembersPanel } from './MembersPanel'
import { MoneyOutPanel } from './MoneyOutPanel'
import { MailPanel } from './MailPanel'
import { OrdersPanel } from './OrdersPanel'
import { TopUpsPanel } from './TopUpsPanel'
import './admin.css'

const TABS: Array<{ id: string; label: MessageKey }> = [
  { id: 'members', label: 'admin.tab.members' },
  { id: 'lots', label: 'admin.tab.lots' },
  { id: 'orders', label: 'admin.tab.orders' },
  { id: 'top-ups', label: 'admin.tab.topUps' },
  { id: 'money-out', label: 'admin.tab.moneyOut' },
  { id: 'mail', label: 'admin.tab.mail' },
  { id: 'audit', label: 'admin.tab.audit' },
]

/**
 * `/admin` (decision 0027): members, lots, orders and fees (issue 29), top-ups needing attention
 * and the audit, for admins.
 * A member sees "not allowed", a guest the sign-in prompt. The section is in the URL (`?tab=`).
 */
export default function AdminScreen() {
  const { t } = useT()
  useDocumentTitle(t('admin.title'))
  return (
    <section className="screen admin">
      <h1>{t('admin.title')}</h1>
      <SignedInOnly signInTitle={t('admin.signIn')}>
        <AdminOnly />
      </SignedInOnly>
    </section>
  )
}

/**
 * On a narrow screen the sections are one row that scrolls sideways (admin.css): the current one
 * is brought into that row's view, so `?tab=audit` on a phone shows its own tab marked.
 */
function useCurrentTabInView(currentId: string) {
  const nav = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const row = nav.current
    const tab = row?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!row || !tab) return
    const left = tab.offsetLeft
    const right = left + tab.offsetWidth
    if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth)
      row.scrollLeft = left - (row.clientWidth - tab.offsetWidth) / 2
  }, [currentId])
  return nav
}

function AdminOnly() {
  const { t } = useT()
  const me = useMe()
  const tab = new URLSearchParams(useSearch()).get('tab') ?? 'members'
  const current = TABS.find((x) => x.id === tab) ?? TABS[0]!
  const nav = useCurrentTabInView(current.id)
  if (me.data?.role !== 'admin')
    return (
      <EmptyState title={t('admin.notAllowedTitle')}>
        <p>{t('admin.notAllowedBody')}</p>
      </EmptyState>
    )
  return (
    <>
      <nav ref={nav} className="admin-tabs" aria-label={t('admin.sections')}>
        {TABS.map((x) => (
          <Link
            key={x.id}
            href={x.id === 'members' ? '/admin' : `/admin?tab=${x.id}`}
            className="admin-tab"
            aria-current={x.id === current.id ? 'page' : undefined}
          >
            {t(x.label)}
          </Link>
        ))}
      </nav>
      <h2 className="admin-section-title">{t(current.label)}</h2>
      {current.id === 'members' ? (
        <MembersPanel />
      ) : current.id === 'lots' ? (
        <LotsPanel />
      ) : current.id === 'orders' ? (
        <OrdersPanel />
      ) : current.id === 'top-ups' ? (
        <TopUpsPanel />
      ) : current.id === 'money-out' ? (
        <MoneyOutPanel />
      ) : current.id === 'mail' ? (
        <MailPanel />
      ) : (
        <AuditPanel />
      )}
    </>
  )
}
