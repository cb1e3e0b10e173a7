import { PASSWORD_MIN_LENGTH } from '../../../common/accounts'
import { useT } from '../../i18n'
import { AccountForm, useAccountForm } from './AccountForm'
import { AuthField, EmailField, PasswordField } from './AuthField'
import { useSignUp } from './session-mutations'
import { validateSignUp } from './validation'

export default function SignUpScreen() {
  const { t } = useT()
  const signUp = useSignUp()
  const account = useAccountForm({
    screen: 'signUp',
    request: signUp,
    initial: { name: '', email: '', password: '' },
    validate: (v) => validateSignUp(v, t),
    send: (v) =>
      signUp.mutateAsync({ name: v.name.trim(), email: v.email.trim(), password: v.password }),
  })
  const { form } = account
  return (
    <AccountForm account={account}>
      <AuthField form={form} field="name" label={t('auth.name')} autoComplete="name" />
      <EmailField form={form} />
      <PasswordField
        form={form}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
    </AccountForm>
  )
}
