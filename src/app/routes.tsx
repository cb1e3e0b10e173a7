import { lazy, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import NotFoundScreen from './NotFoundScreen'

/**
 * Route table (DESIGN §2a). Every screen is its own lazy chunk so the initial shell stays
 * within the JS budget; the rest of §2a lands with later issues.
 */
export const routes: { path: string; component: ComponentType }[] = [
  { path: '/', component: lazy(() => import('../features/lots/HomeScreen')) },
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
