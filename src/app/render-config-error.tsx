import type { Root } from 'react-dom/client'
import type { ConfigProblem } from '@/config/config'

const loadConfigErrorPage = () => import('./config-error-page')

/**
 * Draws the configuration error screen (in a chunk of its own, with Mantine) into `root`; if even
 * that chunk cannot load, the same problems as plain text: never a blank page.
 */
export function renderConfigError(root: Root, problems: ConfigProblem[], loadPage = loadConfigErrorPage) {
  return loadPage()
    .then(({ ConfigErrorPage }) => root.render(<ConfigErrorPage problems={problems} />))
    .catch(() =>
      root.render(
        <main>
          <h1>Vigil cannot start</h1>
          <ul>
            {problems.map((problem) => (
              <li key={problem.variable}>
                {problem.variable} {problem.message}
              </li>
            ))}
          </ul>
        </main>,
      ),
    )
}
