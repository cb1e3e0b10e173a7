import type { Message } from '../types'

/** English of alerts on a closed app: Account's section and the offer after a bid (0032). */
export const pushEn = {
  'push.title': 'Alerts',
  'push.intro':
    'Get an alert on this device when you are outbid, a lot you watch is ending, a lot ends for you, or a top-up finishes — even with Lotline closed.',
  'push.checking': 'Checking this device…',
  'push.unsupported':
    'This browser cannot show alerts from websites. Lotline tells you inside the app instead.',
  'push.iosHomeScreen':
    'On iPhone and iPad, alerts work once Lotline is on your Home Screen: tap Share, then “Add to Home Screen”, open Lotline from there and turn alerts on here.',
  'push.configFailed': 'Whether this device can get alerts could not be checked.',
  'push.unconfigured': 'Alerts are not available on this server.',
  'push.denied':
    'Alerts are blocked for Lotline in this browser. To allow them again, open the site settings (the icon beside the address), set Notifications to Allow, then reload this page.',
  'push.off': 'Alerts are off on this device.',
  'push.turnOn': 'Turn on alerts on this device',
  'push.turningOn': 'Turning on…',
  'push.on': 'Alerts are on for this device.',
  'push.dismissed': 'Alerts were not turned on. You can turn them on here whenever you like.',
  'push.turnedOn': 'Alerts are on for this device.',
  'push.devices': 'Devices that get alerts',
  'push.devicesLoadFailed': 'Your devices could not be loaded.',
  'push.devicesNone': 'No device gets alerts yet.',
  'push.devicesOffline': 'Your devices show here when you are online.',
  'push.device': '{browser} on {device}',
  'push.deviceAdded': 'Added {date}',
  'push.thisDevice': 'This device',
  'push.remove': 'Remove',
  'push.removeLabel': 'Remove {device}',
  'push.removing': 'Removing…',
  'push.removed': 'That device no longer gets alerts.',
  'push.preferencesLoadFailed': 'Your alert choices could not be loaded.',
  'push.preferencesOffline': 'Your alert choices show here when you are online.',
  'alerts.caption': 'Tell me when',
  'alerts.group': 'Alert',
  'alerts.channel.inApp': 'In the app',
  'alerts.channel.push': 'Push',
  'alerts.channel.email': 'E-mail',
  'alerts.group.outbid': 'I am outbid',
  'alerts.group.endingSoon': 'A lot I watch is ending soon, or a new lot fits a saved search',
  'alerts.group.result': 'I win or sell a lot, or one I bid on ends',
  'alerts.group.orders': 'My order ships or a problem is opened',
  'alerts.group.messages': 'New messages about my orders (by e-mail at most hourly)',
  'alerts.group.topUp': 'Top-ups and money leaving my wallet (receipts)',
  'alerts.pushWithResults': 'With “I win or sell”',
  'alerts.inAppOffNote':
    'Turned off in the app, an alert is still listed under Notifications, already read and without a pop-up.',
  'push.offer.title': 'Get an alert if you’re outbid?',
  'push.offer.body': 'We will tell this device, even when Lotline is closed.',
  'push.offer.turnOn': 'Turn on',
  'push.offer.later': 'Not now',
  'push.offer.laterDone': 'No alerts for now. You can turn them on in Account.',
  // The app subscribes again by itself on this answer; said only if that failed too.
  'errors.push_endpoint_taken':
    'This browser’s alerts belong to another account. Try turning alerts on again.',
} satisfies Record<string, Message>
