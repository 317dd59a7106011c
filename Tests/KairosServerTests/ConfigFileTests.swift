import KairosServer
import Testing

@Suite("Settings: flags, KAIROS_* variables and the config file")
struct ConfigFileTests {
    @Test("A config file reads keys, tables, strings, numbers, booleans, lists and comments")
    func reads() throws {
        let file = try ConfigFile.parse(
            """
            # Kairos
            port = 8_080
            public_url = "https://tasks.example.org"  # the address people open
            trusted-proxies = ['127.0.0.1', "::1",]
            push-allow-loopback = false

            [ai]
            provider = "openai"
            base-url = "http://127.0.0.1:11434/v1"
            api_key = "sk-\\u00e9 \\"quoted\\" # not a comment"
            """, path: "kairos.toml")
        #expect(
            file.values == [
                "port": "8080", "public-url": "https://tasks.example.org", "trusted-proxies": "127.0.0.1,::1",
                "push-allow-loopback": "false", "ai-provider": "openai", "ai-base-url": "http://127.0.0.1:11434/v1",
                "ai-api-key": "sk-é \"quoted\" # not a comment",
            ])
    }

    @Test("What the reader does not understand is refused with its line, not guessed at")
    func refuses() {
        let cases: [(String, String)] = [
            ("host = 127.0.0.1", "kairos.toml line 1: \"127.0.0.1\" must be quoted text, a number, true or false."),
            ("\nport 8080", "kairos.toml line 2: expected = after port."),
            ("port = 1\nport = 2", "kairos.toml line 2: port is set twice."),
            ("web = \"unclosed", "kairos.toml line 1: a string is not closed with \"."),
            ("[ai", "kairos.toml line 1: a table header is [name], such as [ai]."),
            ("port = 1 2", "kairos.toml line 1: unexpected text after the value of port."),
            ("= 1", "kairos.toml line 1: expected a setting such as port = 8080."),
        ]
        for (text, message) in cases {
            #expect(throws: ConfigFileError(message)) { try ConfigFile.parse(text, path: "kairos.toml") }
        }
    }

    @Test("A flag wins over its variable, the variable over the file, and each value says where it came from")
    func precedence() throws {
        let file = ConfigFile(values: ["port": "9000", "host": "0.0.0.0", "data": "/srv/kairos"], path: "k.toml")
        let sources = try SettingSources(
            environment: ["KAIROS_PORT": "7000", "KAIROS_HOST": ""], file: file, known: ["port", "host", "data"])
        #expect(try sources.integer("port", flag: nil, in: 0...65535) == 7000)
        #expect(try sources.integer("port", flag: 8081, in: 0...65535) == 8081)
        #expect(sources.value("host", flag: nil) == Setting(text: "0.0.0.0", origin: "k.toml: host"))
        #expect(sources.value("data", flag: nil)?.text == "/srv/kairos")
        #expect(sources.value("web", flag: nil) == nil)
        #expect(SettingSources.variable(for: "ai-base-url") == "KAIROS_AI_BASE_URL")
    }

    @Test("A setting the file should not have, or a value of the wrong kind, is an error naming where it was set")
    func errors() throws {
        #expect(throws: ConfigFileError("k.toml sets prot, which is not a setting of kairos serve. The README's table lists them.")) {
            try SettingSources(environment: [:], file: ConfigFile(values: ["prot": "1"], path: "k.toml"), known: ["port"])
        }
        let sources = try SettingSources(
            environment: ["KAIROS_PORT": "eighty", "KAIROS_PUSH_ALLOW_LOOPBACK": "maybe"], file: nil, known: [])
        #expect(throws: ConfigFileError("KAIROS_PORT must be a whole number, not \"eighty\".")) {
            try sources.integer("port", flag: nil, in: 0...65535)
        }
        #expect(throws: ConfigFileError("--port must be from 0 to 65535, not 70000.")) {
            try sources.integer("port", flag: 70000, in: 0...65535)
        }
        #expect(throws: ConfigFileError("KAIROS_PUSH_ALLOW_LOOPBACK must be true or false, not \"maybe\".")) {
            try sources.flag("push-allow-loopback", flag: false)
        }
    }
}
