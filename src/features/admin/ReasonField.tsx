import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../../common/admin'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'

/** The reason every admin action asks for (kept in the audit). */
export function ReasonField({
  value,
  onChange,
  showError,
}: {
  value: string
  onChange: (value: string) => void
  showError: boolean
}) {
  const { t } = useT()
  return (
    <TextField
      name="reason"
      label={t('admin.reason')}
      hint={t('admin.reasonHint')}
      value={value}
      required
      minLength={REASON_MIN_LENGTH}
      maxLength={REASON_MAX_LENGTH}
      onChange={(event) => onChange(event.target.value)}
      error={showError && !reasonOk(value) ? t('admin.reasonRequired') : null}
    />
  )
}

export const reasonOk = (value: string) => value.trim().length >= REASON_MIN_LENGTH
