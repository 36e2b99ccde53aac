// Tailwind v4 runs as one PostCSS plugin; it finds class names in the sources by itself.
export default {
  plugins: { "@tailwindcss/postcss": {} },
};
