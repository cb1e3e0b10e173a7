import { useEffect, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import { isAuthTokenShape } from '../../../common/auth-tokens'
import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useMe } from './api'

/**
 * A page a mailed link opens that acts at once (verify the address, confirm a new one): sends the
 * token once, then says how it went — done, a bad link (with a way to ask again), offline or an
 * error with "Try again". Works signed in or not.
 */
export function MailLinkScreen({
  title,
  done,
  askAgain,
  mutation,
}: {
  title: string
  done: string
  /** Where a member asks for a new link. */
  askAgain: string
  mutation: {
    mutate: (token: string) => void
    isPending: boolean
    isSuccess: boolean
    isIdle: boolean
    error: unknown
  }
}) {
  const { t, lang } = useT()
  const online = useOnline()
  const me = useMe()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const valid = isAuthTokenShape(token)
  const sent = useRef(false)
  useDocumentTitle(title)
  const { mutate } = mutation
  useEffect(() => {
    if (!valid || !online || sent.current) return
    sent.current = true
    mutate(token)
  }, [valid, online, token, mutate])

  const invalid = !valid || (isApiError(mutation.error) && mutation.error.code === 'token_invalid')
  const retry = () => mutate(token)
  return (
    <div className="auth">
      <h1>{title}</h1>
      {invalid ? (
        <div className="notice notice-error" role="alert">
          <p>{t('errors.token_invalid')}</p>
          <p>
            <Link href={me.data ? '/account' : '/sign-in?next=%2Faccount'}>{askAgain}</Link>
          </p>
        </div>
      ) : mutation.isSuccess ? (
        <div className="notice notice-success" role="status">
          <p>{done}</p>
          <p>
            <Link href={me.data ? '/account' : '/sign-in'}>
              {me.data ? t('mail.toAccount') : t('mail.backToSignIn')}
            </Link>
          </p>
        </div>
      ) : mutation.error ? (
        <div className="notice notice-error" role="alert">
          <p>{errorMessage(mutation.error, lang)}</p>
          <Button variant="secondary" onClick={retry} disabled={!online}>
            {t('mail.tryAgain')}
          </Button>
        </div>
      ) : !online && mutation.isIdle ? (
        <p className="notice" role="status">
          {t('mail.link.offline')}
        </p>
      ) : (
        <p role="status" aria-busy="true">
          {t('mail.link.checking')}
        </p>
      )}
    </div>
  )
}
