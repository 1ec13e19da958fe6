import { useId, type CSSProperties } from 'react'
import { IconAlertTriangle, IconApi, IconBug, IconShieldCheck, IconShieldLock, IconX } from '@tabler/icons-react'
import classes from './logged-out-screen.module.css'

export interface SignInProblem {
  title: string
  message: string
}

export interface LoggedOutScreenProps {
  onSignIn: () => void
  onSignUp: () => void
  /** Closes the problem message. */
  onDismissProblem?: () => void
  /** Set while a redirect to the provider is under way, so that a second click does nothing. */
  busy?: boolean
  problem?: SignInProblem
}

/** A button drawn as Mantine's default or filled Button (size sm), with Mantine's focus ring. */
function HeaderButton({
  variant,
  onClick,
  disabled,
  children,
}: {
  variant: 'default' | 'filled'
  onClick: () => void
  disabled: boolean
  children: string
}) {
  return (
    <button
      type="button"
      className={`${classes.button} ${classes[variant]} mantine-focus-auto mantine-active`}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </button>
  )
}

/** A failed sign-in, drawn as Mantine's light red Alert with a close button and a way to try again. */
function ProblemAlert({
  problem,
  onDismiss,
  onRetry,
  busy,
}: {
  problem: SignInProblem
  onDismiss?: () => void
  onRetry: () => void
  busy: boolean
}) {
  const titleId = useId()
  return (
    <div className={classes.alert} role="alert" aria-labelledby={titleId}>
      <IconAlertTriangle className={classes.alertIcon} size={20} aria-hidden />
      <div className={classes.alertBody}>
        <p className={classes.alertTitle} id={titleId}>
          {problem.title}
        </p>
        <p className={classes.alertMessage}>{problem.message}</p>
        <button
          type="button"
          className={`${classes.retry} mantine-focus-auto mantine-active`}
          onClick={onRetry}
          disabled={busy}
        >
          Try signing in again
        </button>
      </div>
      {onDismiss && (
        <button
          type="button"
          className={`${classes.square} ${classes.dismiss} mantine-focus-auto mantine-active`}
          aria-label="Dismiss"
          onClick={onDismiss}
        >
          <IconX size={16} aria-hidden />
        </button>
      )}
    </div>
  )
}

/** The three things Vigil shows, each with its icon and the Mantine colour its icon is drawn in. */
const FEATURES = [
  { color: 'indigo', Icon: IconShieldCheck, text: 'Security policies and how well each repository follows them' },
  { color: 'red', Icon: IconBug, text: 'Vulnerabilities by severity, with the file, line and package' },
  { color: 'teal', Icon: IconApi, text: 'Which endpoints handle personal, payment-card or health data' },
] as const

export function LoggedOutScreen({ onSignIn, onSignUp, onDismissProblem, busy = false, problem }: LoggedOutScreenProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <span className={classes.brand}>
          <IconShieldLock size={26} aria-hidden />
          Vigil
        </span>
        <div className={classes.actions}>
          <HeaderButton variant="default" onClick={onSignIn} disabled={busy}>
            Sign in
          </HeaderButton>
          <HeaderButton variant="filled" onClick={onSignUp} disabled={busy}>
            Sign up
          </HeaderButton>
        </div>
      </header>
      <main className={classes.main}>
        {problem && <ProblemAlert problem={problem} onDismiss={onDismissProblem} onRetry={onSignIn} busy={busy} />}
        <h1 className={classes.title}>Application security for development teams</h1>
        <p className={classes.lead}>
          Vigil shows every repository with its policy violations, vulnerabilities and API surface, so that your team
          fixes what matters first.
        </p>
        <ul className={classes.features}>
          {FEATURES.map(({ color, Icon, text }) => (
            <li
              key={color}
              className={classes.feature}
              style={
                {
                  '--feature-color': `var(--mantine-color-${color}-light-color)`,
                  '--feature-background': `var(--mantine-color-${color}-light)`,
                } as CSSProperties
              }
            >
              <span className={`${classes.square} ${classes.icon}`}>
                <Icon size={16} aria-hidden />
              </span>
              {text}
            </li>
          ))}
        </ul>
        <p className={classes.hint}>Sign in to continue.</p>
      </main>
    </div>
  )
}
