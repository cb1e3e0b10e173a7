import { TextField, type TextFieldProps } from '../../components/TextField'
import { useT } from '../../i18n'
import type { AuthForm } from './useAuthForm'

type FieldProps<F extends string> = { form: AuthForm<F>; field: NoInfer<F> } & Omit<
  TextFieldProps,
  'form' | 'name' | 'value' | 'onChange' | 'error' | 'required'
>

/** A required field of an account form, bound to the form's value, change handler and error. */
export function AuthField<F extends string>({ form, field, ...rest }: FieldProps<F>) {
  return (
    <TextField
      {...rest}
      name={field}
      required
      value={form.values[field]}
      onChange={form.onChange(field)}
      error={form.fieldError(field)}
    />
  )
}

/** The e-mail field both account forms start with. */
export function EmailField<F extends string>({ form }: { form: AuthForm<F | 'email'> }) {
  const { t } = useT()
  return (
    <AuthField
      form={form}
      field="email"
      label={t('auth.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
    />
  )
}

/** The password field: `current-password` to sign in; to sign up, `new-password` with its rule. */
export function PasswordField<F extends string>({
  form,
  ...rest
}: { form: AuthForm<F | 'password'> } & Pick<
  TextFieldProps,
  'autoComplete' | 'minLength' | 'hint'
>) {
  const { t } = useT()
  return (
    <AuthField {...rest} form={form} field="password" label={t('auth.password')} type="password" />
  )
}
