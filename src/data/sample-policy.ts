/** The sample policy document, held as local text. */
export const samplePolicyDocument = `---
title: React Security Best Practices
description: Baseline security rules for React single-page applications, from rendering to routing.
scope:
  framework: React
  orgs: All
tags:
  - frontend
  - security
enforcementDefault: Recommended
---
# React Security Best Practices [Mandatory]

Every React application in the organisation follows these rules. Each rule carries the level at which it is enforced.

## Cross-site scripting (XSS) [Mandatory]
- Never pass user-controlled data to dangerouslySetInnerHTML without sanitising it with DOMPurify. [Mandatory]
- Do not build href or src attributes from user input without allowing only http and https schemes. [Mandatory]
- Prefer JSX text rendering over manual DOM manipulation through refs. [Strongly Recommended]

## Component-level security [Strongly Recommended]
- Validate props that reach the DOM or network calls with a schema. [Recommended]
- Keep secrets, API keys and feature switches for unreleased work out of component code. [Mandatory]
- Render third-party widgets inside sandboxed iframes. [Strongly Recommended]

## State and context [Strongly Recommended]
- Do not keep access tokens, card data or health data in global state or context. [Mandatory]
- Clear sensitive state when the user signs out. [Strongly Recommended]
- Keep personal data out of state that is persisted to local storage. [Recommended]

## Dependencies and supply chain [Mandatory]
- Commit the lockfile and install with npm ci in CI. [Mandatory]
- Fail the build on known critical vulnerabilities in dependencies. [Mandatory]
- Review new dependencies for maintenance and install scripts before adding them. [Strongly Recommended]

## Authentication [Mandatory]
- Sign in with authorization code and PKCE through the organisation's identity provider. [Mandatory]
- Check the state and nonce of every sign-in response. [Mandatory]
- Refresh tokens in one tab at a time and never replay a rotated refresh token. [Strongly Recommended]

## Secure headers and CSP [Strongly Recommended]
- Serve a Content-Security-Policy without unsafe-inline for scripts. [Strongly Recommended]
- Send Referrer-Policy no-referrer and X-Content-Type-Options nosniff. [Recommended]

## Routing and redirection [Strongly Recommended]
- Redirect only to paths inside the application or to an allow-list of hosts. [Mandatory]
- Guard every signed-in route in one place, not screen by screen. [Recommended]

## Forms and user input [Recommended]
- Validate input on the server as well as in the browser. [Mandatory]
- Limit the length of free-text fields. [Recommended]
- Disable autocomplete on fields that hold secrets. [Recommended]

## Miscellaneous [Recommended]
- Remove console logging of personal data before release. [Strongly Recommended]
- Ship source maps only to the error-tracking service, not to the public. [Recommended]
`
