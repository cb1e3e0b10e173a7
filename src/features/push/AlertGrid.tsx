import { useId } from 'react'
import { alertGroups, type AlertGroup, type AlertPreferences } from '../../../common/alerts'
import { PUSH_PREFERENCE_KINDS, type PushPreferenceKind } from '../../../common/push'
import { InlineRetry } from '../../components/InlineRetry'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useAlertChoices, useSaveAlertChoices } from './alert-choices-api'
import { usePushPreferences, useSavePreferences } from './api'

/** The group's own push switch; orders and messages push with the results (common/push.ts). */
function pushSwitchOf(group: AlertGroup): PushPreferenceKind | null {
  return (PUSH_PREFERENCE_KINDS as readonly string[]).includes(group)
    ? (group as PushPreferenceKind)
    : null
}

/**
 * Account → Alerts: one row per alert group, one checkbox per channel — in the app, push (when
 * the server sends push) and e-mail. Each change saves at once; offline, the boxes are disabled.
 */
export function AlertGrid({ push }: { push: boolean }) {
  const { t, lang } = useT()
  const online = useOnline()
  const choices = useAlertChoices()
  const saveChoices = useSaveAlertChoices()
  const pushChoices = usePushPreferences(push)
  const savePush = useSavePreferences()
  const offlineId = useId()

  if (choices.isPending || (push && pushChoices.isPending)) {
    const paused = choices.fetchStatus === 'paused' || pushChoices.fetchStatus === 'paused'
    return paused ? (
      <p className="muted small">{t('push.preferencesOffline')}</p>
    ) : (
      <Loading label={t('app.loading')} />
    )
  }
  if ((choices.isError && !choices.data) || (push && pushChoices.isError && !pushChoices.data)) {
    return (
      <InlineRetry
        message={t('push.preferencesLoadFailed')}
        onRetry={() => {
          void choices.refetch()
          if (push) void pushChoices.refetch()
        }}
      />
    )
  }
  const current: AlertPreferences = choices.data
  const pushNow = push ? pushChoices.data : undefined
  const channelName = {
    in_app: t('alerts.channel.inApp'),
    push: t('alerts.channel.push'),
    email: t('alerts.channel.email'),
  }
  const box = (group: AlertGroup, channel: 'in_app' | 'email', label: string) => (
    <input
      type="checkbox"
      name={`alert-${channel}-${group}`}
      aria-label={`${label}: ${channelName[channel]}`}
      checked={current[channel][group]}
      disabled={!online}
      onChange={(event) =>
        saveChoices.mutate({
          ...current,
          [channel]: { ...current[channel], [group]: event.target.checked },
        })
      }
    />
  )
  const error = saveChoices.error ?? savePush.error
  return (
    <div className="push-block" aria-describedby={online ? undefined : offlineId}>
      <table className="alert-grid" data-testid="alert-grid">
        <caption>{t('alerts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('alerts.group')}</th>
            <th scope="col">{channelName.in_app}</th>
            {pushNow ? <th scope="col">{channelName.push}</th> : null}
            <th scope="col">{channelName.email}</th>
          </tr>
        </thead>
        <tbody>
          {alertGroups().map((group) => {
            const label = t(`alerts.group.${group}`)
            const pushSwitch = pushSwitchOf(group)
            return (
              <tr key={group}>
                <th scope="row">{label}</th>
                <td>{box(group, 'in_app', label)}</td>
                {pushNow ? (
                  <td>
                    {pushSwitch ? (
                      <input
                        type="checkbox"
                        name={`push-${pushSwitch}`}
                        aria-label={`${label}: ${channelName.push}`}
                        checked={pushNow[pushSwitch]}
                        disabled={!online}
                        onChange={(event) =>
                          savePush.mutate({ ...pushNow, [pushSwitch]: event.target.checked })
                        }
                      />
                    ) : (
                      <span className="muted small">{t('alerts.pushWithResults')}</span>
                    )}
                  </td>
                ) : null}
                <td>{box(group, 'email', label)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="muted small">{t('alerts.inAppOffNote')}</p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(error, lang)}
        </p>
      ) : null}
      {!online ? (
        <p className="muted small" id={offlineId}>
          {t('account.offline')}
        </p>
      ) : null}
    </div>
  )
}
