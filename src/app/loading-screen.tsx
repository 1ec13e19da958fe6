import classes from './loading-screen.module.css'

/**
 * Shown while authentication loads, and while a signed-in chunk loads. Plain
 * elements drawn from Mantine's theme variables: the first screen loads no component library.
 */
export function LoadingScreen() {
  return (
    <div className={classes.screen} role="status" aria-live="polite">
      <span className={classes.spinner} aria-hidden />
      Loading...
    </div>
  )
}
