export const CATALOG_EN: Readonly<Record<string, string>> = {}
