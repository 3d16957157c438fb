// A vitest reporter for scripts/test.mjs and scripts/test-repeat.mjs: per project (unit, sqlite, postgres,
// mysql: vitest.config.ts) the passed / failed / skipped counts and the failed tests, per file its project,
// outcome and times, written as JSON to $SHILIU_PROJECT_REPORT. vitest's own JSON report does not say which
// project a result belongs to, and the same file runs once per engine.
//
//   npx vitest run --reporter=default --reporter=./scripts/lib/vitest-projects-report.mjs
import { writeFileSync } from 'node:fs'
import path from 'node:path'

const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300)

export default class ProjectsReport {
  onTestRunEnd(testModules, unhandledErrors) {
    const outputFile = process.env.SHILIU_PROJECT_REPORT
    if (!outputFile) return
    const projects = {}
    const files = []
    for (const module of testModules) {
      const project = module.project.name
      const counts = (projects[project] ??= { passed: 0, failed: 0, skipped: 0, failures: [] })
      const file = path.relative(process.cwd(), module.moduleId)
      let failed = 0
      for (const test of module.children.allTests()) {
        const { state, errors } = test.result()
        if (state === 'passed') counts.passed++
        else if (state === 'failed') {
          counts.failed++
          failed++
          counts.failures.push({ file, test: test.fullName, error: firstLine(errors?.[0]?.message) })
        } else counts.skipped++
      }
      // A file that failed to load (or failed in a hook) has errors of its own: it counts as a failure.
      const moduleErrors = module.errors()
      if (moduleErrors.length && failed === 0) {
        counts.failed++
        counts.failures.push({ file, test: '(file)', error: firstLine(moduleErrors[0]?.message) })
      }
      const d = module.diagnostic()
      files.push({ project, file, state: module.state(), ms: Math.round(d.duration), collectMs: Math.round(d.collectDuration), setupMs: Math.round(d.setupDuration) })
    }
    const unhandled = unhandledErrors.map((e) => firstLine(e.message))
    writeFileSync(outputFile, JSON.stringify({ projects, files, unhandled }, null, 1))
  }
}
