import { useState } from 'react'
import { Link } from 'wouter'
import { Button } from '../../components/Button'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { EmailField } from './AuthField'
import { AuthLayout } from './AuthLayout'
import { useRequestPasswordReset } from './mail-api'
import { useAuthForm } from './useAuthForm'
import { validateEmail } from './validation'

/** "Forgot password?": one address in, the same answer out whether or not it has an account. */
export default function ForgotPasswordScreen() {
  const { t } = useT()
  const online = useOnline()
  const request = useRequestPasswordReset()
  const [sentTo, setSentTo] = useState<string | null>(null)
  useDocumentTitle(t('mail.forgot.title'))
  const form = useAuthForm<'email'>({
    initial: { email: '' },
    validate: (v) => {
      const email = validateEmail(v.email, t)
      return email ? { email } : {}
    },
    submit: async (v) => {
      await request.mutateAsync(v.email.trim())
      setSentTo(v.email.trim())
    },
  })
  return (
    <AuthLayout
      title={t('mail.forgot.title')}
      online={online}
      offlineId="forgot-offline"
      formError={form.formError}
      footer={<Link href="/sign-in">{t('mail.backToSignIn')}</Link>}
    >
      {sentTo ? (
        <p className="notice notice-success" role="status">
          {t('mail.forgot.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={form.onSubmit} className="form">
          <p className="muted">{t('mail.forgot.intro')}</p>
          <EmailField form={form} />
          <Button
            type="submit"
            pending={request.isPending}
            pendingLabel={t('mail.forgot.pending')}
            disabled={!online}
            aria-describedby={!online ? 'forgot-offline' : undefined}
          >
            {t('mail.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
