import '@mantine/core/styles.css'
import { configure } from 'vitest-browser-react/pure'

configure({ reactStrictMode: true })
