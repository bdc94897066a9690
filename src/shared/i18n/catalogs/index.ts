import type { Locale } from '../locales.js'
import { ar } from './ar.js'
import { de } from './de.js'
import { type Catalog, en } from './en.js'
import { es } from './es.js'
import { fr } from './fr.js'
import { it } from './it.js'
import { ja } from './ja.js'
import { nl } from './nl.js'
import { pl } from './pl.js'
import { pt } from './pt.js'

/** Every catalog Canvass ships, by language. */
export const catalogs: Record<Locale, Catalog> = { en, de, fr, es, pt, it, nl, pl, ja, ar }
