import { useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/accounts'
import { isAuthTokenShape } from '../../../common/auth-tokens'
import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { AuthField } from './AuthField'
import { AuthLayout } from './AuthLayout'
import { useConfirmPasswordReset } from './mail-api'
import { useAuthForm } from './useAuthForm'

/** The reset link's page: a new password (the sign-up rules); success signs in and opens the lots. */
export default function ResetPasswordScreen() {
  const { t } = useT()
  const online = useOnline()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [, navigate] = useLocation()
  const confirm = useConfirmPasswordReset()
  const [shown, setShown] = useState(false)
  useDocumentTitle(t('mail.reset.title'))
  const form = useAuthForm<'newPassword'>({
    initial: { newPassword: '' },
    validate: (v) =>
      v.newPassword.length < PASSWORD_MIN_LENGTH
        ? { newPassword: t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH }) }
        : {},
    submit: async (v) => {
      await confirm.mutateAsync({ token, newPassword: v.newPassword })
      navigate('/', { replace: true })
    },
  })
  const invalid =
    !isAuthTokenShape(token) ||
    (isApiError(confirm.error) && confirm.error.code === 'token_invalid')
  return (
    <AuthLayout
      title={t('mail.reset.title')}
      online={online}
      offlineId="reset-offline"
      formError={invalid ? null : form.formError}
      footer={<Link href="/sign-in">{t('mail.backToSignIn')}</Link>}
    >
      {invalid ? (
        <div className="notice notice-error" role="alert">
          <p>{t('errors.token_invalid')}</p>
          <p>
            <Link href="/forgot-password">{t('mail.askAgain')}</Link>
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={form.onSubmit} className="form">
          <AuthField
            form={form}
            field="newPassword"
            label={t('mail.reset.newPassword')}
            hint={t('mail.reset.hint', { min: PASSWORD_MIN_LENGTH })}
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <label className="choice-option">
            <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
            <span>{t('mail.reset.show')}</span>
          </label>
          <Button
            type="submit"
            pending={confirm.isPending}
            pendingLabel={t('mail.reset.pending')}
            disabled={!online}
            aria-describedby={!online ? 'reset-offline' : undefined}
          >
            {t('mail.reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
