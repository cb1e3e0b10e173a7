import { useT } from '../../i18n'
import { MailLinkScreen } from './MailLinkScreen'
import { useVerifyEmail } from './mail-api'

/** `/verify-email?token=`: the sign-up mail's link. */
export default function VerifyEmailScreen() {
  const { t } = useT()
  return (
    <MailLinkScreen
      title={t('mail.verify.title')}
      done={t('mail.verify.done')}
      askAgain={t('mail.verify.askAgain')}
      mutation={useVerifyEmail()}
    />
  )
}
