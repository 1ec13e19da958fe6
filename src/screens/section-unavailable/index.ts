export { SectionUnavailableScreen } from './section-unavailable-screen'
