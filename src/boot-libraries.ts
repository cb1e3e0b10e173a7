/**
 * The libraries every screen runs, evaluated in a task of their own before the app's code
 * (src/main.tsx, decision 0059). Importing them is all this module does.
 */
import 'react'
import 'react-dom/client'
import '@tanstack/react-query'
