import { Link, useLocation } from 'wouter'
import { EmptyState } from '../../components/EmptyState'
import { useT } from '../../i18n'

/** What a signed-out visitor sees instead of a private screen: its purpose and a way back here. */
export function SignInPrompt({ title }: { title: string }) {
  const { t } = useT()
  const [location] = useLocation()
  return (
    <EmptyState
      title={title}
      action={
        <Link className="btn btn-primary" href={`/sign-in?next=${encodeURIComponent(location)}`}>
          {t('common.signIn')}
        </Link>
      }
    />
  )
}
