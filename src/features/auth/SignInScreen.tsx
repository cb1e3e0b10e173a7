import { Link } from 'wouter'
import { useT } from '../../i18n'
import { AccountForm, useAccountForm } from './AccountForm'
import { EmailField, PasswordField } from './AuthField'
import { useSignIn } from './session-mutations'
import { validateSignIn } from './validation'

export default function SignInScreen() {
  const { t } = useT()
  const signIn = useSignIn()
  const account = useAccountForm({
    screen: 'signIn',
    request: signIn,
    initial: { email: '', password: '' },
    validate: (v) => validateSignIn(v, t),
    send: (v) => signIn.mutateAsync({ email: v.email.trim(), password: v.password }),
  })
  const { form } = account
  return (
    <AccountForm account={account}>
      <EmailField form={form} />
      <PasswordField form={form} autoComplete="current-password" />
      <p className="small">
        <Link href="/forgot-password">{t('mail.forgot.link')}</Link>
      </p>
    </AccountForm>
  )
}
