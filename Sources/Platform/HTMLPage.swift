/// The start of sdkbench's static report pages, up to `<body>`: no script, no font or style from a
/// network, the house rules for body, tables and SVG text, then the page's own `style` rules.
package enum HTMLPage {
    package static func head(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(XMLText.escaped(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
        table { border-collapse: collapse; margin: 1em 0; }
        svg text { font: 11px system-ui, sans-serif; }
        \(style)
        </style>
        </head>
        <body>

        """
    }
}
