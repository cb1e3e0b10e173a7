import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { EmptyState } from '../../components/EmptyState'
import { useQueryFallback } from '../../components/useQueryFallback'
import { useT } from '../../i18n'
import { useMe } from './api'

/**
 * Shows `children` to a signed-in person; otherwise what the screen is for (`signInTitle`) with a
 * sign-in link that brings them back here.
 */
export function SignedInOnly({
  signInTitle,
  children,
}: {
  signInTitle: string
  children: ReactNode
}) {
  const { t } = useT()
  const me = useMe()
  const [location] = useLocation()
  const fallback = useQueryFallback(me)
  if (fallback) return fallback
  if (!me.data) {
    return (
      <EmptyState
        title={signInTitle}
        action={
          <Link className="btn btn-primary" href={`/sign-in?next=${encodeURIComponent(location)}`}>
            {t('common.signIn')}
          </Link>
        }
      />
    )
  }
  return <>{children}</>
}
