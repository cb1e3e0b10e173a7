import { Redirect, useLocation } from 'wouter'
import { Button } from '../../components/Button'
import { SavedAge } from '../../components/SavedAge'
import { ThemeChoice } from '../../components/ThemeChoice'
import { useQueryFallback } from '../../components/useQueryFallback'
import { useToast } from '../../components/Toast'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { LANGUAGES, useT, type Language } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useMe } from './api'
import { useSignOut } from './session-mutations'
import { AccountSettings } from './AccountSettings'
import { useUpdateProfile } from './account-api'
import { EmailSection } from './EmailSection'
import { AlertsSection } from '../push'
import { AddressBook, OrdersLink } from '../orders'
import { BlockedBiddersSection, SavedSearches } from '../lots'

export default function AccountScreen() {
  const { t, lang, setLanguage } = useT()
  const online = useOnline()
  const me = useMe()
  const fallback = useQueryFallback(me)
  const signOut = useSignOut()
  const saveLanguage = useUpdateProfile()
  const [, navigate] = useLocation()
  const { notify } = useToast()
  useDocumentTitle(t('account.title'))

  if (fallback) return fallback
  const user = me.data
  // Signed out meanwhile (by this button, or the session ended): leave the screen.
  if (!user) return <Redirect to={signOut.isIdle ? '/sign-in?next=%2Faccount' : '/'} replace />

  const onSignOut = async () => {
    try {
      await signOut.mutateAsync()
      notify({ message: t('account.signedOut'), tone: 'success' })
      navigate('/', { replace: true })
    } catch (error) {
      notify({ message: errorMessage(error, lang), tone: 'error' })
    }
  }

  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <SavedAge at={me.dataUpdatedAt} failed={me.isError} liveData={false} />
      <dl className="facts">
        <div>
          <dt>{t('account.name')}</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>{t('account.alias')}</dt>
          <dd>
            {user.alias}
            <span className="muted small"> — {t('account.aliasHint')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('account.role')}</dt>
          <dd>{t(user.role === 'admin' ? 'account.role.admin' : 'account.role.member')}</dd>
        </div>
      </dl>

      <p className="orders-link">
        <OrdersLink className="btn btn-secondary" testId="account-orders" />
        <span className="muted small">{t('orders.linkHint')}</span>
      </p>

      <AccountSettings user={user} />

      <EmailSection user={user} />

      <AddressBook />

      <SavedSearches />

      <AlertsSection />

      <BlockedBiddersSection />

      <fieldset className="choice">
        <legend>{t('account.language')}</legend>
        {LANGUAGES.map((code: Language) => (
          <label key={code} className="choice-option">
            <input
              type="radio"
              name="language"
              value={code}
              checked={lang === code}
              onChange={() => {
                setLanguage(code)
                // The member's mails follow the app's language (decision 0054); best effort.
                if (online) saveLanguage.mutate({ lang: code })
              }}
            />
            <span lang={code}>{t(`language.${code}`)}</span>
          </label>
        ))}
      </fieldset>

      <ThemeChoice />

      <div className="actions">
        <Button
          variant="secondary"
          onClick={() => void onSignOut()}
          pending={signOut.isPending}
          pendingLabel={t('account.signingOut')}
          disabled={!online}
          disabledReason={t('offline.actionDisabled')}
          reasonId="sign-out-offline"
        >
          {t('account.signOut')}
        </Button>
      </div>
    </div>
  )
}
