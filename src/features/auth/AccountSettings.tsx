import { useId, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { isLineOfText } from '../../../common/auction'
import {
  ALIAS_MAX_LENGTH,
  DELETE_BLOCKERS,
  aliasProblem,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type DeleteBlocker,
  type PublicUser,
} from '../../../common/accounts'
import { useCurrency } from '../../api/config'
import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { useToast } from '../../components/Toast'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useChangePassword, useDeleteAccount, useUpdateProfile } from './account-api'
import { AuthField } from './AuthField'
import { useAuthForm } from './useAuthForm'
import type { FieldErrors } from './validation'
import './account.css'

/**
 * The member's own account settings (decision 0025): profile (display name, alias), password,
 * and deleting the account with a confirm step. Each needs the network and says so offline.
 * Closing is refused while anything ties the account to Lotline or money is still in it
 * (decision 0053): the dialog says each reason, with the way out (withdraw, see the orders).
 */
export function AccountSettings({ user }: { user: PublicUser }) {
  const [passwordForm, setPasswordForm] = useState(0)
  return (
    <div className="account-settings">
      <ProfileForm key={`${user.name}|${user.alias}`} user={user} />
      <PasswordForm key={passwordForm} onChanged={() => setPasswordForm((n) => n + 1)} />
      <DeleteAccount />
    </div>
  )
}

function OfflineReason({ id }: { id: string }) {
  const { t } = useT()
  return useOnline() ? null : (
    <p className="muted small" id={id}>
      {t('account.offline')}
    </p>
  )
}

function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice-error" role="alert">
      {message}
    </p>
  ) : null
}

function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useT()
  const online = useOnline()
  const { notify } = useToast()
  const update = useUpdateProfile()
  const offlineId = useId()
  const form = useAuthForm<'name' | 'alias'>({
    initial: { name: user.name, alias: user.alias },
    validate: (v) => {
      const errors: FieldErrors<'name' | 'alias'> = {}
      if (!isLineOfText(v.name.trim())) errors.name = t('account.edit.nameRequired')
      if (aliasProblem(v.alias)) errors.alias = t('account.edit.aliasInvalid')
      return errors
    },
    submit: async (v) => {
      await update.mutateAsync({ name: v.name.trim(), alias: v.alias.trim() })
      notify({ message: t('account.edit.saved'), tone: 'success' })
    },
  })
  return (
    <section className="panel account-section" aria-labelledby="profile-h">
      <h2 id="profile-h">{t('account.edit.title')}</h2>
      <form noValidate className="form" onSubmit={(e) => void form.onSubmit(e)}>
        <AuthField
          form={form}
          field="name"
          label={t('account.edit.name')}
          hint={t('account.edit.nameHint')}
          autoComplete="nickname"
          maxLength={NAME_MAX_LENGTH}
        />
        <AuthField
          form={form}
          field="alias"
          label={t('account.edit.alias')}
          hint={t('account.edit.aliasHint')}
          autoComplete="off"
          maxLength={ALIAS_MAX_LENGTH}
        />
        <FormError message={form.formError} />
        <Button
          type="submit"
          pending={update.isPending}
          pendingLabel={t('account.edit.saving')}
          disabled={!online}
          aria-describedby={online ? undefined : offlineId}
        >
          {t('account.edit.save')}
        </Button>
        <OfflineReason id={offlineId} />
      </form>
    </section>
  )
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useT()
  const online = useOnline()
  const { notify } = useToast()
  const change = useChangePassword()
  const offlineId = useId()
  const form = useAuthForm<'currentPassword' | 'newPassword'>({
    initial: { currentPassword: '', newPassword: '' },
    validate: (v) => {
      const errors: FieldErrors<'currentPassword' | 'newPassword'> = {}
      if (!v.currentPassword) errors.currentPassword = t('account.password.required')
      if (v.newPassword.length < PASSWORD_MIN_LENGTH)
        errors.newPassword = t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH })
      return errors
    },
    submit: async (v) => {
      await change.mutateAsync(v)
      notify({ message: t('account.password.saved'), tone: 'success' })
      onChanged()
    },
  })
  return (
    <section className="panel account-section" aria-labelledby="password-h">
      <h2 id="password-h">{t('account.password.title')}</h2>
      <form noValidate className="form" onSubmit={(e) => void form.onSubmit(e)}>
        <AuthField
          form={form}
          field="currentPassword"
          type="password"
          label={t('account.password.current')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <AuthField
          form={form}
          field="newPassword"
          type="password"
          label={t('account.password.new')}
          hint={t('account.password.newHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <FormError message={form.formError} />
        <Button
          type="submit"
          pending={change.isPending}
          pendingLabel={t('account.password.saving')}
          disabled={!online}
          aria-describedby={online ? undefined : offlineId}
        >
          {t('account.password.save')}
        </Button>
        <OfflineReason id={offlineId} />
      </form>
    </section>
  )
}

function DeleteAccount() {
  const { t, lang } = useT()
  const online = useOnline()
  const { notify } = useToast()
  const [, navigate] = useLocation()
  const remove = useDeleteAccount()
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const passwordRef = useRef<HTMLInputElement>(null)
  const offlineId = useId()
  const passwordId = useId()
  const error = remove.error
  const refused =
    isApiError(error) &&
    (error.code.startsWith('account_has_') || error.code === 'money_in_transit')
  const reasons = refused ? DELETE_BLOCKERS.filter((key) => error.fieldErrors[key]) : []
  const amount = isApiError(error) ? error.amount : null
  const wrongPassword = isApiError(error) && error.code === 'wrong_password'

  return (
    <section className="panel account-section account-danger" aria-labelledby="delete-h">
      <h2 id="delete-h">{t('account.delete.title')}</h2>
      <p className="small">{t('account.delete.intro')}</p>
      {!confirming ? (
        <Button
          variant="danger"
          onClick={() => {
            setConfirming(true)
            requestAnimationFrame(() => passwordRef.current?.focus())
          }}
        >
          {t('account.delete.start')}
        </Button>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (!password) {
              passwordRef.current?.focus()
              return
            }
            remove.mutate(password, {
              onSuccess: () => {
                notify({ message: t('account.delete.done'), tone: 'success' })
                navigate('/', { replace: true })
              },
            })
          }}
        >
          <p>{t('account.delete.confirm')}</p>
          <div className={wrongPassword ? 'field field-invalid' : 'field'}>
            <label htmlFor={passwordId}>{t('account.delete.password')}</label>
            <input
              ref={passwordRef}
              id={passwordId}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={wrongPassword ? true : undefined}
              aria-describedby={wrongPassword ? `${passwordId}-error` : undefined}
            />
            {wrongPassword ? (
              <p className="field-error" id={`${passwordId}-error`}>
                {errorMessage(error, lang)}
              </p>
            ) : null}
          </div>
          {reasons.length > 0 ? (
            <div className="notice notice-error" role="alert" data-testid="delete-refused">
              <p>{t('account.delete.refused')}</p>
              <ul>
                {reasons.map((key) => (
                  <li key={key}>
                    <DeleteReason reason={key} amount={amount} />
                  </li>
                ))}
              </ul>
            </div>
          ) : error && !wrongPassword ? (
            <FormError message={errorMessage(error, lang)} />
          ) : null}
          <div className="actions">
            <Button
              type="submit"
              variant="danger"
              pending={remove.isPending}
              pendingLabel={t('account.delete.deleting')}
              disabled={!online}
              aria-describedby={online ? undefined : offlineId}
            >
              {t('account.delete.submit')}
            </Button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setConfirming(false)
                setPassword('')
                remove.reset()
              }}
            >
              {t('account.delete.keep')}
            </button>
          </div>
          <OfflineReason id={offlineId} />
        </form>
      )}
    </section>
  )
}

/** One reason closing was refused, with the way out where there is one. */
function DeleteReason({ reason, amount }: { reason: DeleteBlocker; amount: number | null }) {
  const { t, formatMoney } = useT()
  const currency = useCurrency()
  if (reason === 'money')
    return (
      <>
        {amount === null
          ? t('account.delete.moneyUnknown')
          : t('account.delete.money', { amount: formatMoney(amount, currency) })}{' '}
        <Link href="/wallet?withdraw=1">{t('account.delete.withdraw')}</Link>
      </>
    )
  if (reason === 'orders')
    return (
      <>
        {t('account.delete.orders')} <Link href="/orders">{t('account.delete.ordersLink')}</Link>
      </>
    )
  return <>{t(`account.delete.${reason}`)}</>
}
