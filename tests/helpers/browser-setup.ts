// Before anything loads React: the hook React DevTools uses, through which tests see what rendered.
import './react-renders'
import '@mantine/core/styles.css'
import { configure } from 'vitest-browser-react/pure'

configure({ reactStrictMode: true })
