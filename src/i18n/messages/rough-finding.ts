/**
 * Finding and watching (issue 32): the list card's heart and standing chips, saving a search and
 * managing saved searches, and their alert. Loaded with the list's own words (`loadListMessages`
 * in src/i18n/index.ts), so the cards have theirs at first paint, and with the other screens'.
 */
export const roughFindingEn = {
  'card.watch': 'Watch {title}',
  'card.watchSignIn': 'Sign in to watch {title}',
  'card.leading': "You're leading",
  'card.outbid': 'Outbid',
  'savedSearch.save': 'Save search',
  'savedSearch.dialogTitle': 'Save this search',
  'savedSearch.intro': 'We tell you when a new lot matches, at most once an hour.',
  'savedSearch.name': 'Name',
  'savedSearch.confirm': 'Save',
  'savedSearch.cancel': 'Cancel',
  'savedSearch.saved': 'Search saved. We’ll tell you about new matches.',
  'savedSearch.signIn': 'Sign in to save this search',
  'savedSearch.title': 'Saved searches',
  'savedSearch.accountIntro':
    'New lots that match one of these are told to you in the app and by push, at most once an hour per search.',
  'savedSearch.none': 'No saved searches yet. Use “Save search” on the lot list.',
  'savedSearch.open': 'Show',
  'savedSearch.delete': 'Delete',
  'savedSearch.deleteLabel': 'Delete saved search {name}',
  'savedSearch.loadError': 'Your saved searches could not be loaded.',
  'savedSearch.anything': 'Every lot',
  'savedSearch.full': 'You keep the most saved searches there can be. Delete one to save another.',
  'savedSearch.offline': 'Saving a search needs a connection.',
  'notifications.kind.saved_search_match': 'New for “{name}”: {title}',
  'errors.saved_searches_full': 'You can keep at most 10 saved searches. Delete one first.',
}
