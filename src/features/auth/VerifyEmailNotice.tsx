import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useMe } from './api'
import { useResendVerification } from './mail-api'

/**
 * For a member whose address is not verified yet (decision 0054): why card top-ups and payouts
 * are not open to them, and "Send the link again" (limited by the server; says when sent).
 * Nothing for a guest or a verified member. `what` says which action waits.
 */
export function VerifyEmailNotice({ what }: { what: 'topUp' | 'payouts' }) {
  const { t, lang } = useT()
  const online = useOnline()
  const me = useMe()
  const resend = useResendVerification()
  if (!me.data || me.data.emailVerified) return null
  const limited = isApiError(resend.error) && resend.error.status === 429
  return (
    <div className="notice" role="region" aria-label={t('mail.gate.label')}>
      <p>{t(what === 'topUp' ? 'mail.gate.topUp' : 'mail.gate.payouts')}</p>
      <p className="muted small">{t('mail.gate.where', { email: me.data.email })}</p>
      <Button
        variant="secondary"
        onClick={() => resend.mutate()}
        pending={resend.isPending}
        pendingLabel={t('mail.gate.sending')}
        disabled={!online || resend.isSuccess}
        disabledReason={!online ? t('offline.actionDisabled') : undefined}
        reasonId={`verify-resend-${what}`}
      >
        {t('mail.gate.resend')}
      </Button>
      {resend.isSuccess ? (
        <p role="status">{t('mail.gate.sent', { email: me.data.email })}</p>
      ) : null}
      {resend.error ? (
        <p className="field-error" role="alert">
          {limited ? t('mail.gate.limited') : errorMessage(resend.error, lang)}
        </p>
      ) : null}
    </div>
  )
}
