import { useEffect, useId, useState } from 'react'
import type { PushDevice } from '../../../common/push'
import { Button } from '../../components/Button'
import { InlineRetry } from '../../components/InlineRetry'
import { Loading } from '../../components/Spinner'
import { useToast } from '../../components/Toast'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { dateTimeFormat } from '../../i18n/intl'
import { useOnline } from '../../offline/online'
import { alertsState, type AlertsState } from './alerts-state'
import { AlertGrid } from './AlertGrid'
import { usePushConfig, usePushDevices, useRemoveDevice, useTurnOnAlerts } from './api'
import { refreshBrowserSubscription, useBrowserSubscription } from './browser'
import { turnOnErrorText } from './turn-on-error'
import { rememberAsked } from './ask-rule'
import { browserTraits, notificationPermission, pushSupport } from './support'
import './push.css'

/**
 * Account's "Alerts" (decision 0032): whether this device can get alerts and how to get there,
 * the member's devices, and which alerts they want. Devices and choices need the server's push.
 */
export function AlertsSection() {
  const { t } = useT()
  const { config, query } = usePushConfig()
  const browser = useBrowserSubscription()
  const [permission, setPermission] = useState(notificationPermission)
  // Changed in the site settings while Account is open (allowed again, or blocked): follow it.
  useEffect(() => {
    let status: PermissionStatus | null = null
    let closed = false
    const follow = () => {
      setPermission(notificationPermission())
      void refreshBrowserSubscription()
    }
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        if (closed) return
        status = found
        status.addEventListener('change', follow)
      })
      .catch(() => undefined)
    return () => {
      closed = true
      status?.removeEventListener('change', follow)
    }
  }, [])
  const [support] = useState(() => pushSupport(browserTraits()))
  const state = alertsState({
    support,
    configured: config === undefined ? undefined : config !== null,
    configFailed: query.isError,
    permission,
    browser,
  })
  const configured = Boolean(config)
  return (
    <section className="panel account-section push-alerts" aria-labelledby="alerts-h">
      <h2 id="alerts-h">{t('push.title')}</h2>
      <p className="small">{t('push.intro')}</p>
      <ThisDevice
        state={state}
        publicKey={config?.publicKey ?? null}
        onPermission={setPermission}
        onRetry={() => void query.refetch()}
      />
      {configured ? <Devices /> : null}
      <AlertGrid push={configured} />
    </section>
  )
}

function ThisDevice({
  state,
  publicKey,
  onPermission,
  onRetry,
}: {
  state: AlertsState
  publicKey: string | null
  onPermission: (permission: NotificationPermission) => void
  onRetry: () => void
}) {
  const { t, lang } = useT()
  const online = useOnline()
  const turnOn = useTurnOnAlerts()
  const offlineId = useId()
  const [said, setSaid] = useState<'dismissed' | null>(null)

  switch (state) {
    case 'checking':
      return <Loading label={t('push.checking')} />
    case 'config-failed':
      return <InlineRetry message={t('push.configFailed')} onRetry={onRetry} />
    case 'unsupported':
    case 'ios-home-screen':
    case 'unconfigured':
    case 'denied':
      return (
        <p className="notice" data-testid="push-state" data-state={state}>
          {t(
            state === 'ios-home-screen'
              ? 'push.iosHomeScreen'
              : state === 'denied'
                ? 'push.denied'
                : state === 'unsupported'
                  ? 'push.unsupported'
                  : 'push.unconfigured',
          )}
        </p>
      )
    case 'on':
      return (
        <p className="notice notice-ok" data-testid="push-state" data-state="on">
          {t('push.on')}
        </p>
      )
    case 'off':
      return (
        <div className="push-off" data-testid="push-state" data-state="off">
          <p>{t('push.off')}</p>
          {said === 'dismissed' ? (
            <p className="muted small" role="status">
              {t('push.dismissed')}
            </p>
          ) : null}
          {turnOn.isError ? (
            <p className="notice notice-error" role="alert">
              {turnOnErrorText(turnOn.error, t, lang)}
            </p>
          ) : null}
          <Button
            onClick={() => {
              if (!publicKey) return
              setSaid(null)
              // Asked inside the click itself (Safari wants the gesture); the rest follows.
              const asking = Notification.requestPermission()
              rememberAsked('on')
              turnOn.mutate(
                { asking, publicKey, lang },
                {
                  onSuccess: (result) => {
                    onPermission(notificationPermission())
                    if (result === 'dismissed') setSaid('dismissed')
                  },
                },
              )
            }}
            pending={turnOn.isPending}
            pendingLabel={t('push.turningOn')}
            disabled={!online}
            disabledReason={t('offline.actionDisabled')}
            reasonId={offlineId}
          >
            {t('push.turnOn')}
          </Button>
        </div>
      )
  }
}

function deviceName(t: ReturnType<typeof useT>['t'], device: PushDevice) {
  return t('push.device', { browser: device.browser, device: device.device })
}

function Devices() {
  const { t, lang } = useT()
  const online = useOnline()
  const { notify } = useToast()
  const devices = usePushDevices(true)
  const remove = useRemoveDevice()
  const offlineId = useId()
  const date = dateTimeFormat(lang, { dateStyle: 'medium' })

  let body
  if (devices.isPending) {
    body =
      devices.fetchStatus === 'paused' ? (
        <p className="muted small">{t('push.devicesOffline')}</p>
      ) : (
        <Loading label={t('app.loading')} />
      )
  } else if (devices.isError && !devices.data) {
    body = (
      <InlineRetry message={t('push.devicesLoadFailed')} onRetry={() => void devices.refetch()} />
    )
  } else if (devices.data.items.length === 0) {
    body = <p className="muted small">{t('push.devicesNone')}</p>
  } else {
    body = (
      <ul className="push-devices" data-testid="push-devices">
        {devices.data.items.map((device) => {
          const name = deviceName(t, device)
          const removing = remove.isPending && remove.variables?.id === device.id
          return (
            <li key={device.id} className="push-device">
              <div>
                <span className="push-device-name">{name}</span>
                {device.current ? (
                  <span className="push-this-device"> · {t('push.thisDevice')}</span>
                ) : null}
                <br />
                <span className="muted small">
                  {t('push.deviceAdded', { date: date.format(new Date(device.createdAt)) })}
                </span>
              </div>
              <Button
                variant="secondary"
                aria-label={t('push.removeLabel', { device: name })}
                pending={removing}
                pendingLabel={t('push.removing')}
                disabled={!online || (remove.isPending && !removing)}
                aria-describedby={online ? undefined : offlineId}
                onClick={() =>
                  remove.mutate(device, {
                    onSuccess: () => notify({ message: t('push.removed'), tone: 'success' }),
                    onError: (error) =>
                      notify({ message: errorMessage(error, lang), tone: 'error' }),
                  })
                }
              >
                {t('push.remove')}
              </Button>
            </li>
          )
        })}
      </ul>
    )
  }
  return (
    <div className="push-block">
      <h3>{t('push.devices')}</h3>
      {body}
      {!online && devices.data ? (
        <p className="muted small" id={offlineId}>
          {t('account.offline')}
        </p>
      ) : null}
    </div>
  )
}
