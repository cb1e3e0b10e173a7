import { lazy, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import NotFoundScreen from './NotFoundScreen'

/**
 * Route table (DESIGN §2a). Every screen is its own lazy chunk so the initial shell stays
 * within the JS budget; the rest of §2a lands with later issues.
 */
export const routes: { path: string; component: ComponentType }[] = [
  { path: '/', component: lazy(() => import('../features/lots/LotListScreen')) },
  // `/lots/new` before `/lots/:id`, or "new" would be taken for a lot id.
  { path: '/lots/new', component: lazy(() => import('../features/lots/CreateLotScreen')) },
  { path: '/lots/:id', component: lazy(() => import('../features/lots/LotScreen')) },
  { path: '/watchlist', component: lazy(() => import('../features/watchlist/WatchlistScreen')) },
  { path: '/me/bids', component: lazy(() => import('../features/bids/MyBidsScreen')) },
  {
    path: '/notifications',
    component: lazy(() => import('../features/notifications/NotificationsScreen')),
  },
  { path: '/sign-in', component: lazy(() => import('../features/auth/SignInScreen')) },
  { path: '/sign-up', component: lazy(() => import('../features/auth/SignUpScreen')) },
  { path: '/account', component: lazy(() => import('../features/auth/AccountScreen')) },
  { path: '/wallet', component: lazy(() => import('../features/wallet/WalletScreen')) },
  { path: '/wallet/top-up', component: lazy(() => import('../features/wallet/TopUpScreen')) },
]

export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      <Route component={NotFoundScreen} />
    </Switch>
  )
}
