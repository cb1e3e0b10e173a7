import { Link, Redirect, useLocation, useSearch } from 'wouter'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useMe, useSignIn } from './api'
import { AuthLayout } from './AuthLayout'
import { useAuthForm } from './useAuthForm'
import { safeNext, validateSignIn } from './validation'

export default function SignInScreen() {
  const { t } = useT()
  const online = useOnline()
  const search = useSearch()
  const [, navigate] = useLocation()
  const next = safeNext(search)
  const me = useMe()
  const signIn = useSignIn()
  useDocumentTitle(t('auth.signIn.title'))

  const form = useAuthForm({
    initial: { email: '', password: '' },
    validate: (v) => validateSignIn(v, t),
    submit: async (v) => {
      await signIn.mutateAsync({ email: v.email.trim(), password: v.password })
      navigate(next, { replace: true })
    },
  })

  if (me.data && !signIn.isPending && !signIn.isSuccess) return <Redirect to={next} replace />

  const offlineId = 'sign-in-offline'
  return (
    <AuthLayout
      title={t('auth.signIn.title')}
      online={online}
      offlineId={offlineId}
      formError={form.formError}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Link href={`/sign-up${search ? `?${search}` : ''}`}>{t('auth.signIn.toSignUp')}</Link>
        </>
      }
    >
      <form noValidate onSubmit={form.onSubmit} className="form">
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={form.values.email}
          onChange={form.onChange('email')}
          error={form.fieldError('email')}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={form.onChange('password')}
          error={form.fieldError('password')}
        />
        <Button
          type="submit"
          pending={signIn.isPending}
          pendingLabel={t('auth.signIn.pending')}
          disabled={!online}
          aria-describedby={!online ? offlineId : undefined}
        >
          {t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
