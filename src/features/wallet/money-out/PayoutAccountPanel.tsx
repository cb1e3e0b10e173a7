import type { PayoutAccountState } from '../../../../common/money-out'
import { useT } from '../../../i18n'
import { OnboardingButton } from './OnboardingButton'

/** Stripe's requirement names ("individual.dob.day") made readable: "individual dob day". */
function readable(requirement: string): string {
  return requirement.replace(/[._]+/g, ' ').trim()
}

/** Where the member's payout account stands, and the one step that moves it on. */
export function PayoutAccountPanel({
  account,
  online,
}: {
  account: PayoutAccountState
  online: boolean
}) {
  const { t } = useT()
  if (account.status === 'ready') {
    return <p className="money-out-account money-out-ready">{t('moneyOut.account.ready')}</p>
  }
  if (account.status === 'incomplete') {
    return (
      <div className="money-out-account">
        <p>{t('moneyOut.account.incomplete')}</p>
        {account.requirementsDue.length > 0 ? (
          <p className="small muted">
            {t('moneyOut.account.due', {
              items: account.requirementsDue.map(readable).join(', '),
            })}
          </p>
        ) : null}
        <OnboardingButton
          label="moneyOut.account.continue"
          online={online}
          reasonId="payouts-continue-offline"
        />
      </div>
    )
  }
  return (
    <div className="money-out-account">
      <p>{t('moneyOut.account.none')}</p>
      <OnboardingButton
        label="moneyOut.account.setUp"
        online={online}
        reasonId="payouts-set-up-offline"
      />
    </div>
  )
}
