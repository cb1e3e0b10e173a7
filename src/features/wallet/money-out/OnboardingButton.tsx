import { Button } from '../../../components/Button'
import { useT, type MessageKey } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useStartOnboarding } from './api'

/**
 * Sets up (or continues setting up) payouts: asks the server for a Stripe Account Link and goes
 * there; Stripe sends the browser back to `/wallet?payouts=return`. Online only.
 */
export function OnboardingButton({
  label,
  online,
  reasonId,
  variant = 'secondary',
}: {
  label: MessageKey
  online: boolean
  reasonId: string
  variant?: 'primary' | 'secondary'
}) {
  const { t, lang } = useT()
  const start = useStartOnboarding()
  return (
    <div className="money-out-onboarding">
      <Button
        variant={variant}
        onClick={() => start.mutate()}
        pending={start.isPending || start.isSuccess}
        pendingLabel={t('moneyOut.account.opening')}
        disabled={!online}
        disabledReason={online ? undefined : t('moneyOut.offline')}
        reasonId={reasonId}
      >
        {t(label)}
      </Button>
      {start.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(start.error, lang)}
        </p>
      ) : null}
    </div>
  )
}
