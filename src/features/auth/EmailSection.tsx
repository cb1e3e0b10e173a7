import { useId, useState } from 'react'
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, type PublicUser } from '../../../common/accounts'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { AuthField } from './AuthField'
import { useChangeEmail } from './mail-api'
import { useAuthForm } from './useAuthForm'
import { validateEmail, type FieldErrors } from './validation'
import { VerifyEmailNotice } from './VerifyEmailNotice'

/**
 * The account's address (decision 0054): whether it is verified (with "Send the link again"
 * when not), and "Change e-mail" — the new address and the password; nothing changes until the
 * link mailed to the new address is opened.
 */
export function EmailSection({ user }: { user: PublicUser }) {
  const { t } = useT()
  const online = useOnline()
  const change = useChangeEmail()
  const offlineId = useId()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useAuthForm<'newEmail' | 'password'>({
    initial: { newEmail: '', password: '' },
    validate: (v) => {
      const errors: FieldErrors<'newEmail' | 'password'> = {}
      const email = validateEmail(v.newEmail, t)
      if (email) errors.newEmail = email
      if (!v.password) errors.password = t('account.password.required')
      return errors
    },
    submit: async (v) => {
      await change.mutateAsync(v)
      setSentTo(v.newEmail.trim())
    },
  })
  return (
    <section className="panel account-section" aria-labelledby="email-h">
      <h2 id="email-h">{t('mail.account.title')}</h2>
      <p>
        <span>{user.email}</span>{' '}
        <span className={user.emailVerified ? 'muted small' : 'small'}>
          {t(user.emailVerified ? 'mail.account.verified' : 'mail.account.unverified')}
        </span>
      </p>
      {user.emailVerified ? null : <VerifyEmailNotice what="topUp" />}
      {sentTo ? (
        <p className="notice notice-success" role="status">
          {t('mail.account.sent', { email: sentTo })}
        </p>
      ) : null}
      <form noValidate className="form" onSubmit={(e) => void form.onSubmit(e)}>
        <AuthField
          form={form}
          field="newEmail"
          label={t('mail.account.newEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <AuthField
          form={form}
          field="password"
          label={t('mail.account.password')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        {form.formError ? (
          <p className="notice notice-error" role="alert">
            {form.formError}
          </p>
        ) : null}
        <Button
          type="submit"
          pending={change.isPending}
          pendingLabel={t('mail.account.pending')}
          disabled={!online}
          aria-describedby={online ? undefined : offlineId}
        >
          {t('mail.account.submit')}
        </Button>
        {online ? null : (
          <p className="muted small" id={offlineId}>
            {t('account.offline')}
          </p>
        )}
      </form>
    </section>
  )
}
