import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import {
  DESCRIPTION_MAX_LENGTH,
  LOT_IMAGE_MAX_BYTES,
  LOT_IMAGE_TYPES,
  MONEY_MAX,
  SOFT_CLOSE_DEFAULT_SECONDS,
  SOFT_CLOSE_MAX_SECONDS,
  SOFT_CLOSE_MIN_SECONDS,
  STARTING_PRICE_MIN,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  validateLotInput,
  type LotInput,
} from '../../../common/auction'
import { ApiError } from '../../api/errors'
import { DEFAULT_CURRENCY, useRuntimeConfig } from '../../api/config'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { useQueryFallback } from '../../components/useQueryFallback'
import { TextField } from '../../components/TextField'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { errorMessage, useT, type MessageKey } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useMe } from '../auth/api'
import { useCreateLot, useUploadLotImage } from './api'
import { useToast } from '../../components/Toast'
import { serverNow } from './clock'
import { parseMoney } from './money'

const DURATIONS = [
  { key: '10m', ms: 10 * 60_000 },
  { key: '1h', ms: 3_600_000 },
  { key: '1d', ms: 86_400_000 },
  { key: '3d', ms: 3 * 86_400_000 },
  { key: '7d', ms: 7 * 86_400_000 },
] as const

type Field =
  | 'title'
  | 'description'
  | 'startingPrice'
  | 'reservePrice'
  | 'startsAt'
  | 'endsAt'
  | 'softCloseSeconds'
const FIELD_ORDER: Field[] = [
  'title',
  'description',
  'startingPrice',
  'reservePrice',
  'startsAt',
  'endsAt',
  'softCloseSeconds',
]

/** datetime-local value (local wall time) → ISO, or undefined. */
function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** `/lots/new`: create a lot; checked with validateLotInput before sending, server errors per field. */
export default function CreateLotScreen() {
  const { t, lang, formatMoney } = useT()
  const online = useOnline()
  const me = useMe()
  const [location, navigate] = useLocation()
  const currency = useRuntimeConfig().data?.currency ?? DEFAULT_CURRENCY
  const create = useCreateLot()
  const formId = useId()
  useDocumentTitle(t('create.title'))
  const fallback = useQueryFallback(me)

  const [values, setValues] = useState({
    title: '',
    description: '',
    startingPrice: '',
    reservePrice: '',
    startMode: 'now' as 'now' | 'at',
    startsAt: '',
    duration: '1h' as string,
    endsAt: '',
    softCloseSeconds: String(SOFT_CLOSE_DEFAULT_SECONDS),
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [image, setImage] = useState<File | null>(null)
  const [imageError, setImageError] = useState<string | null>(null)
  const upload = useUploadLotImage()
  const { notify } = useToast()
  const refs = useRef<
    Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>>
  >({})
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))

  if (fallback) return fallback
  if (!me.data) {
    return (
      <EmptyState
        title={t('create.signIn')}
        action={
          <Link className="btn btn-primary" href={`/sign-in?next=${encodeURIComponent(location)}`}>
            {t('common.signIn')}
          </Link>
        }
      />
    )
  }

  const money = (minor: number) => formatMoney(minor, currency)
  const messageFor = (field: Field): string => {
    switch (field) {
      case 'title':
        return t('create.err.title', { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH })
      case 'description':
        return t('create.err.description', { max: DESCRIPTION_MAX_LENGTH })
      case 'startingPrice':
        return t('create.err.startingPrice', { min: money(STARTING_PRICE_MIN) })
      case 'softCloseSeconds':
        return t('create.err.softCloseSeconds', {
          min: SOFT_CLOSE_MIN_SECONDS,
          max: SOFT_CLOSE_MAX_SECONDS,
        })
      default:
        return t(`create.err.${field}` as MessageKey)
    }
  }

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found)
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) refs.current[first]?.focus()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!online || create.isPending) return
    setFormError(null)
    const now = serverNow()
    const startingPrice = parseMoney(values.startingPrice)
    const reservePrice = values.reservePrice.trim() ? parseMoney(values.reservePrice) : null
    const startsAt = values.startMode === 'at' ? fromLocalInput(values.startsAt) : undefined
    const start = startsAt ? Date.parse(startsAt) : now
    const duration = DURATIONS.find((d) => d.key === values.duration)
    const endsAt = duration
      ? new Date(start + duration.ms).toISOString()
      : (fromLocalInput(values.endsAt) ?? 'invalid')
    const input: LotInput = {
      title: values.title,
      description: values.description,
      startingPrice: startingPrice ?? 0,
      reservePrice,
      ...(startsAt ? { startsAt } : {}),
      endsAt,
      softCloseSeconds: Number(values.softCloseSeconds),
    }
    const problems = validateLotInput(input, new Date(now)) as Partial<Record<Field, string>>
    const found: Partial<Record<Field, string>> = {}
    for (const field of FIELD_ORDER) if (problems[field]) found[field] = messageFor(field)
    if (startingPrice === null) found.startingPrice = t('create.err.money')
    if (values.reservePrice.trim() && reservePrice === null)
      found.reservePrice = t('create.err.money')
    if (values.startMode === 'at' && !startsAt) found.startsAt = messageFor('startsAt')
    if (Object.keys(found).length > 0) return showErrors(found)
    if (imageError) return
    setErrors({})
    create.mutate(
      { ...input, title: input.title.trim(), reservePrice: reservePrice ?? undefined },
      {
        onSuccess: async (lot) => {
          // The lot exists now; a failed picture upload must not make anyone list it twice.
          if (image) {
            await upload
              .mutateAsync({ id: lot.id, file: image })
              .catch(() => notify({ message: t('create.imageFailed'), tone: 'error', duration: 0 }))
          }
          navigate(`/lots/${lot.id}`)
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const fromServer: Partial<Record<Field, string>> = {}
            for (const [field, message] of Object.entries(error.fieldErrors)) {
              if ((FIELD_ORDER as string[]).includes(field)) fromServer[field as Field] = message
            }
            if (Object.keys(fromServer).length > 0) return showErrors(fromServer)
          }
          setFormError(errorMessage(error, lang))
        },
      },
    )
  }

  const count = Object.keys(errors).length
  return (
    <div className="create-lot">
      <h1>{t('create.title')}</h1>
      {count > 0 ? (
        <p className="notice notice-error" role="alert">
          {t('create.fix', { count })}
        </p>
      ) : null}
      <form
        className="form panel"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${formId}-offline`}
      >
        <TextField
          ref={(el) => void (refs.current.title = el)}
          name="title"
          label={t('create.titleField')}
          value={values.title}
          onChange={set('title')}
          error={errors.title}
          maxLength={TITLE_MAX_LENGTH}
          required
        />
        <div className={errors.description ? 'field field-invalid' : 'field'}>
          <label htmlFor={`${formId}-description`}>
            {t('create.description')} <span className="muted small">({t('common.optional')})</span>
          </label>
          <textarea
            id={`${formId}-description`}
            ref={(el) => void (refs.current.description = el)}
            rows={5}
            value={values.description}
            onChange={set('description')}
            maxLength={DESCRIPTION_MAX_LENGTH}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${formId}-description-error` : undefined}
          />
          {errors.description ? (
            <p className="field-error" id={`${formId}-description-error`}>
              {errors.description}
            </p>
          ) : null}
        </div>
        <div className="field-row">
          <TextField
            ref={(el) => void (refs.current.startingPrice = el)}
            name="startingPrice"
            label={t('create.startingPrice')}
            inputMode="decimal"
            value={values.startingPrice}
            onChange={set('startingPrice')}
            error={errors.startingPrice}
            hint={`${money(STARTING_PRICE_MIN)} – ${money(MONEY_MAX)}`}
            required
          />
          <TextField
            ref={(el) => void (refs.current.reservePrice = el)}
            name="reservePrice"
            label={
              <>
                {t('create.reserve')} <span className="muted small">({t('common.optional')})</span>
              </>
            }
            inputMode="decimal"
            value={values.reservePrice}
            onChange={set('reservePrice')}
            error={errors.reservePrice}
            hint={t('create.reserveHint')}
          />
        </div>
        <fieldset className="choice">
          <legend>{t('create.start')}</legend>
          {(['now', 'at'] as const).map((mode) => (
            <label key={mode} className="choice-option">
              <input
                type="radio"
                name="startMode"
                value={mode}
                checked={values.startMode === mode}
                onChange={() => setValues((v) => ({ ...v, startMode: mode }))}
              />
              {mode === 'now' ? t('create.startNow') : t('create.startAt')}
            </label>
          ))}
        </fieldset>
        {values.startMode === 'at' ? (
          <TextField
            ref={(el) => void (refs.current.startsAt = el)}
            name="startsAt"
            type="datetime-local"
            label={t('create.startsAt')}
            value={values.startsAt}
            onChange={set('startsAt')}
            error={errors.startsAt}
          />
        ) : null}
        <div
          className={
            errors.endsAt && values.duration !== 'custom' ? 'field field-invalid' : 'field'
          }
        >
          <label htmlFor={`${formId}-duration`}>{t('create.end')}</label>
          <select
            id={`${formId}-duration`}
            ref={(el) => void (refs.current.endsAt = el)}
            value={values.duration}
            onChange={set('duration')}
          >
            {DURATIONS.map((d) => (
              <option key={d.key} value={d.key}>
                {new Intl.NumberFormat(lang, {
                  style: 'unit',
                  unit: d.key.endsWith('m') ? 'minute' : d.key.endsWith('h') ? 'hour' : 'day',
                  unitDisplay: 'long',
                }).format(Number.parseInt(d.key, 10))}
              </option>
            ))}
            <option value="custom">{t('create.duration.custom')}</option>
          </select>
          {errors.endsAt && values.duration !== 'custom' ? (
            <p className="field-error">{errors.endsAt}</p>
          ) : null}
        </div>
        {values.duration === 'custom' ? (
          <TextField
            ref={(el) => void (refs.current.endsAt = el)}
            name="endsAt"
            type="datetime-local"
            label={t('create.endsAt')}
            value={values.endsAt}
            onChange={set('endsAt')}
            error={errors.endsAt}
          />
        ) : null}
        <TextField
          ref={(el) => void (refs.current.softCloseSeconds = el)}
          name="softCloseSeconds"
          type="number"
          inputMode="numeric"
          min={SOFT_CLOSE_MIN_SECONDS}
          max={SOFT_CLOSE_MAX_SECONDS}
          label={t('create.softClose')}
          value={values.softCloseSeconds}
          onChange={set('softCloseSeconds')}
          error={errors.softCloseSeconds}
          hint={t('create.softCloseHint', {
            seconds: Number(values.softCloseSeconds) || SOFT_CLOSE_DEFAULT_SECONDS,
          })}
        />
        <div className="field">
          <label htmlFor={`${formId}-image`}>
            {t('create.image')} <span className="muted">({t('common.optional')})</span>
          </label>
          <input
            id={`${formId}-image`}
            name="image"
            type="file"
            accept={LOT_IMAGE_TYPES.join(',')}
            aria-describedby={`${formId}-image-hint`}
            aria-invalid={imageError ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null
              const ok =
                !file ||
                ((LOT_IMAGE_TYPES as readonly string[]).includes(file.type) &&
                  file.size <= LOT_IMAGE_MAX_BYTES)
              setImage(ok ? file : null)
              setImageError(ok ? null : t('create.err.image'))
            }}
          />
          <p id={`${formId}-image-hint`} className={imageError ? 'field-error' : 'field-hint'}>
            {imageError ?? t('create.imageHint')}
          </p>
        </div>
        {formError ? (
          <p className="notice notice-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Button
          type="submit"
          pending={create.isPending || upload.isPending}
          pendingLabel={t('create.pending')}
          disabled={!online}
          disabledReason={t('create.offline')}
          reasonId={`${formId}-offline`}
        >
          {t('create.submit')}
        </Button>
      </form>
    </div>
  )
}
