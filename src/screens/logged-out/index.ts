/** The first screen a signed-out visitor sees: part of the first screen's chunk, never lazy. */
export { LoggedOutScreen } from './logged-out-screen'
