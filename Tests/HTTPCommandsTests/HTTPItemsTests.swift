import Testing

@testable import HTTPCommands
@testable import Shell

struct HTTPItemsTests {
    @Test func aProblemIsFoundFromTheItemTextAlone() {
        for valid in ["Accept:json", "X-Semi;", "X-Gone:", "a==b", "f=v", "'odd key'=v", "n:=[1,2]", "f=@a.txt", "f:=@a.json", "Ref:http://x/?a=b"] {
            #expect(RequestItem.problem(in: valid) == nil, "\(valid)")
        }
        #expect(RequestItem.problem(in: "=bad") == "a name before '='")
        #expect(RequestItem.problem(in: ":x") == "a name before ':'")
        #expect(RequestItem.problem(in: "nonsense") == RequestItem.expectedItem)
        #expect(RequestItem.problem(in: "X;y") != nil)
        #expect(RequestItem.problem(in: "n:=[1,") != nil)
        #expect(RequestItem.problem(in: "f:=@") == "a file after ':=@'")
    }

    @Test func theFirstSeparatorWinsAndTheLongerAtTheSamePlace() throws {
        #expect(try RequestItem.parse("a:=1").get() == .field("a", .value(1)))
        #expect(try RequestItem.parse("a:b=c").get() == .header("a", "b=c"))
        #expect(try RequestItem.parse("q==a:b").get() == .query("q", "a:b"))
        #expect(try RequestItem.parse("X:  v").get() == .header("X", "v"))
        #expect(try RequestItem.parse("X: ").get() == .header("X", nil))
    }

    @Test func aLeadingTildeIsTheHomeDirectory() {
        #expect(HTTPField.expandingHome("~/data/a.json", home: "/home/ada") == "/home/ada/data/a.json")
        #expect(HTTPField.expandingHome("~/a.json", home: nil) == "~/a.json")
        #expect(HTTPField.expandingHome("a~/b", home: "/home/ada") == "a~/b")
    }

    @Test func urlCredentialsLeaveTheURLDecodedAndBecomeBasicAuth() {
        let split = HTTPCredentials.split("http://ada:p%40ss@127.0.0.1:8080/x?next=a@b")
        #expect(split.url == "http://127.0.0.1:8080/x?next=a@b")
        #expect(split.userinfo == "ada:p@ss")
        #expect(HTTPCredentials.split("http://host/a@b").userinfo == nil)
        #expect(BasicCredentials.header("ada:s3cret") == "Basic YWRhOnMzY3JldA==")
        #expect(BasicCredentials.header("ada") == "Basic YWRhOg==")
    }
}
