export { NotFoundScreen } from './not-found-screen'
