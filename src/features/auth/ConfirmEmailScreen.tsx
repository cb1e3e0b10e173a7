import { useT } from '../../i18n'
import { MailLinkScreen } from './MailLinkScreen'
import { useConfirmEmailChange } from './mail-api'

/** `/confirm-email?token=`: the link mailed to a new address; the address changes now. */
export default function ConfirmEmailScreen() {
  const { t } = useT()
  return (
    <MailLinkScreen
      title={t('mail.confirm.title')}
      done={t('mail.confirm.done')}
      askAgain={t('mail.confirm.askAgain')}
      mutation={useConfirmEmailChange()}
    />
  )
}
