import type { ReactNode } from 'react'
import { OfflineNotice } from '../../components/OfflineNotice'
import { useT } from '../../i18n'

export function AuthLayout({
  title,
  online,
  offlineId,
  formError,
  children,
  footer,
}: {
  title: string
  online: boolean
  offlineId: string
  formError: string | null
  children: ReactNode
  footer: ReactNode
}) {
  const { t } = useT()
  return (
    <div className="auth">
      <h1>{title}</h1>
      {!online ? <OfflineNotice id={offlineId}>{t('offline.actionDisabled')}</OfflineNotice> : null}
      {formError ? (
        <p className="notice notice-error" role="alert">
          {formError}
        </p>
      ) : null}
      {children}
      <p className="auth-footer">{footer}</p>
    </div>
  )
}
