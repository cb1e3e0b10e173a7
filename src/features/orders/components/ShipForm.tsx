import { useId, useState, type FormEvent } from 'react'
import { isLineOfText } from '../../../../common/auction/text'
import {
  CARRIER_MAX_LENGTH,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_NUMBER_PATTERN,
} from '../../../../common/orders/shapes'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import type { Mover } from './mover'

const TRACKING = new RegExp(TRACKING_NUMBER_PATTERN)

/** The seller says how the lot travels: who carries it, and its tracking number when it has one. */
export function ShipForm({ mover }: { mover: Mover }) {
  const { t } = useT()
  const id = useId()
  const [carrier, setCarrier] = useState('')
  const [tracking, setTracking] = useState('')
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const c = carrier.trim()
    const n = tracking.trim()
    const found: typeof errors = {}
    if (!isLineOfText(c) || c.length > CARRIER_MAX_LENGTH)
      found.carrier = t('order.ship.err.carrier')
    if (n !== '' && (!TRACKING.test(n) || n.length > TRACKING_NUMBER_MAX_LENGTH)) {
      found.tracking = t('order.ship.err.tracking', { max: TRACKING_NUMBER_MAX_LENGTH })
    }
    setErrors(found)
    if (found.carrier || found.tracking) return
    mover.move({ type: 'ship', carrier: c, ...(n ? { trackingNumber: n } : {}) })
  }
  return (
    <form className="form ship-form" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('order.ship.legend')}</h3>
      <TextField
        name="carrier"
        label={t('order.ship.carrier')}
        hint={t('order.ship.carrierHint')}
        maxLength={CARRIER_MAX_LENGTH + 10}
        value={carrier}
        onChange={(e) => {
          setCarrier(e.target.value)
          setErrors((v) => ({ ...v, carrier: undefined }))
        }}
        error={errors.carrier}
      />
      <TextField
        name="trackingNumber"
        label={t('order.ship.tracking')}
        hint={t('order.ship.trackingHint')}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={TRACKING_NUMBER_MAX_LENGTH + 10}
        value={tracking}
        onChange={(e) => {
          setTracking(e.target.value)
          setErrors((v) => ({ ...v, tracking: undefined }))
        }}
        error={errors.tracking}
      />
      <Button
        type="submit"
        pending={mover.pending}
        pendingLabel={t('order.pending')}
        disabled={!mover.online}
        disabledReason={mover.online ? undefined : t('order.offline')}
        reasonId={`${id}-offline`}
      >
        {t('order.ship.submit')}
      </Button>
    </form>
  )
}
