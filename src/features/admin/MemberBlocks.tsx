import { useQuery } from '@tanstack/react-query'
import type { AdminBlock, AdminMemberBlocks } from '../../../common/blocks'
import type { AdminMember } from '../../../common/admin'
import { InlineRetry } from '../../components/InlineRetry'
import { Loading } from '../../components/Spinner'
import { api } from '../../api/client'
import { useT } from '../../i18n'
import { dateTimeFormat } from '../../i18n/intl'

/** The admin member view's blocks (issue 32): whom the member blocked, and who blocked them. */
export function MemberBlocks({ member }: { member: AdminMember }) {
  const { t } = useT()
  const query = useQuery({
    queryKey: ['admin', 'members', member.id, 'blocks'],
    queryFn: ({ signal }) =>
      api
        .get(`admin/members/${encodeURIComponent(member.id)}/blocks`, { signal })
        .json<AdminMemberBlocks>(),
  })
  return (
    <section className="admin-form" aria-label={t('tools.admin.blocksTitle')}>
      <h3>{t('tools.admin.blocksTitle')}</h3>
      {query.isPending ? (
        query.fetchStatus === 'paused' ? (
          <p className="muted">{t('admin.offline')}</p>
        ) : (
          <Loading label={t('app.loading')} />
        )
      ) : !query.data ? (
        <InlineRetry message={t('tools.blocks.error')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <BlockList
            title={t('tools.admin.blocked', { name: member.name })}
            none={t('tools.admin.blockedNone')}
            items={query.data.blocked}
            testId="admin-blocked"
          />
          <BlockList
            title={t('tools.admin.blockedBy', { name: member.name })}
            none={t('tools.admin.blockedByNone')}
            items={query.data.blockedBy}
            testId="admin-blocked-by"
          />
        </>
      )}
    </section>
  )
}

function BlockList({
  title,
  none,
  items,
  testId,
}: {
  title: string
  none: string
  items: AdminBlock[]
  testId: string
}) {
  const { lang } = useT()
  const date = dateTimeFormat(lang, { dateStyle: 'medium' })
  return (
    <div data-testid={testId}>
      <p className="small">
        <strong>{title}</strong>
      </p>
      {items.length === 0 ? (
        <p className="small muted">{none}</p>
      ) : (
        <ul className="small" role="list">
          {items.map((b) => (
            <li key={b.alias}>
              {b.name} · {b.alias}{' '}
              <span className="muted">
                (<time dateTime={b.createdAt}>{date.format(new Date(b.createdAt))}</time>)
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
