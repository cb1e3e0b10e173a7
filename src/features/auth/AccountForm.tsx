import type { ReactNode } from 'react'
import { Link, Redirect, useLocation, useSearch } from 'wouter'
import { Button } from '../../components/Button'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useMe } from './api'
import { AuthLayout } from './AuthLayout'
import { useAuthForm } from './useAuthForm'
import { safeNext, type FieldErrors } from './validation'

/** Each account screen's offline-notice id and its way to the other one, keeping `?next=`. */
const SCREENS = {
  signIn: {
    offlineId: 'sign-in-offline',
    other: { prompt: 'auth.signIn.noAccount', link: 'auth.signIn.toSignUp', path: '/sign-up' },
  },
  signUp: {
    offlineId: 'sign-up-offline',
    other: { prompt: 'auth.signUp.haveAccount', link: 'auth.signUp.toSignIn', path: '/sign-in' },
  },
} as const

/**
 * What sign-in and sign-up share around their form: the page title, online state, the form's
 * state, and where to go next (`?next=`) once the request succeeded. Called by the screen itself,
 * so the request's state and the session are read in the same render.
 */
export function useAccountForm<F extends string>(options: {
  screen: keyof typeof SCREENS
  /** The request the form sends; while it runs or once it succeeded, a session does not redirect. */
  request: { isPending: boolean; isSuccess: boolean }
  initial: Record<F, string>
  validate: (values: Record<F, string>) => FieldErrors<F>
  send: (values: Record<F, string>) => Promise<unknown>
}) {
  const { t } = useT()
  const title = t(`auth.${options.screen}.title`)
  const online = useOnline()
  const search = useSearch()
  const [, navigate] = useLocation()
  const next = safeNext(search)
  const me = useMe()
  useDocumentTitle(title)

  const form = useAuthForm({
    initial: options.initial,
    validate: options.validate,
    submit: async (v) => {
      await options.send(v)
      navigate(next, { replace: true })
    },
  })
  const { request } = options
  const signedIn = Boolean(me.data) && !request.isPending && !request.isSuccess
  const { screen } = options
  return { form, screen, title, online, search, next, signedIn, pending: request.isPending }
}

export type AccountFormState<F extends string> = ReturnType<typeof useAccountForm<F>>

/**
 * The screen sign-in and sign-up share: the title, the offline notice, the form (its fields as
 * children) and its submit button, the link to the other form; signed in already, it goes on to
 * `?next=`.
 */
export function AccountForm<F extends string>({
  account,
  children,
}: {
  account: AccountFormState<F>
  /** The form's fields. */
  children: ReactNode
}) {
  const { t } = useT()
  const { form, online, search, screen } = account
  const { offlineId, other } = SCREENS[screen]
  if (account.signedIn) return <Redirect to={account.next} replace />
  return (
    <AuthLayout
      title={account.title}
      online={online}
      offlineId={offlineId}
      formError={form.formError}
      footer={
        <>
          {t(other.prompt)}{' '}
          <Link href={`${other.path}${search ? `?${search}` : ''}`}>{t(other.link)}</Link>
        </>
      }
    >
      <form noValidate onSubmit={form.onSubmit} className="form">
        {children}
        <Button
          type="submit"
          pending={account.pending}
          pendingLabel={t(`auth.${screen}.pending`)}
          disabled={!online}
          aria-describedby={!online ? offlineId : undefined}
        >
          {t(`auth.${screen}.submit`)}
        </Button>
      </form>
    </AuthLayout>
  )
}
