/**
 * Finding and watching (issue 32): Account's saved searches, their alert and error. The list's
 * own words (the card's heart and chips, "Save search") are in lot-list.ts, which the first
 * screen loads.
 */
export const roughFindingEn = {
  'savedSearch.title': 'Saved searches',
  'savedSearch.accountIntro':
    'New lots that match one of these are told to you in the app and by push, at most once an hour per search.',
  'savedSearch.none': 'No saved searches yet. Use “Save search” on the lot list.',
  'savedSearch.open': 'Show',
  'savedSearch.delete': 'Delete',
  'savedSearch.deleteLabel': 'Delete saved search {name}',
  'savedSearch.loadError': 'Your saved searches could not be loaded.',
  'notifications.kind.saved_search_match': 'New for “{name}”: {title}',
  'errors.saved_searches_full': 'You can keep at most 10 saved searches. Delete one first.',
}
