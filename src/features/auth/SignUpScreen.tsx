import { Link, Redirect, useLocation, useSearch } from 'wouter'
import { PASSWORD_MIN_LENGTH } from '../../../common/accounts'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useMe, useSignUp } from './api'
import { AuthLayout } from './AuthLayout'
import { useAuthForm } from './useAuthForm'
import { safeNext, validateSignUp } from './validation'

export default function SignUpScreen() {
  const { t } = useT()
  const online = useOnline()
  const search = useSearch()
  const [, navigate] = useLocation()
  const next = safeNext(search)
  const me = useMe()
  const signUp = useSignUp()
  useDocumentTitle(t('auth.signUp.title'))

  const form = useAuthForm({
    initial: { name: '', email: '', password: '' },
    validate: (v) => validateSignUp(v, t),
    submit: async (v) => {
      await signUp.mutateAsync({ name: v.name.trim(), email: v.email.trim(), password: v.password })
      navigate(next, { replace: true })
    },
  })

  if (me.data && !signUp.isPending && !signUp.isSuccess) return <Redirect to={next} replace />

  const offlineId = 'sign-up-offline'
  return (
    <AuthLayout
      title={t('auth.signUp.title')}
      online={online}
      offlineId={offlineId}
      formError={form.formError}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link href={`/sign-in${search ? `?${search}` : ''}`}>{t('auth.signUp.toSignIn')}</Link>
        </>
      }
    >
      <form noValidate onSubmit={form.onSubmit} className="form">
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          required
          value={form.values.name}
          onChange={form.onChange('name')}
          error={form.fieldError('name')}
        />
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
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          value={form.values.password}
          onChange={form.onChange('password')}
          error={form.fieldError('password')}
        />
        <Button
          type="submit"
          pending={signUp.isPending}
          pendingLabel={t('auth.signUp.pending')}
          disabled={!online}
          aria-describedby={!online ? offlineId : undefined}
        >
          {t('auth.signUp.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
