// Written by lgamma_zeros.py beside this file: do not edit.

/// A zero of ln|gamma| on the negative axis: x0 = hi + mid + lo, and the
/// Taylor coefficients c[k-1] = psi^(k-1)(x0) / k! of ln|gamma| there.
pub(super) struct Zero {
    pub x0: [f64; 3],
    pub c: [f64; 4],
}

/// The two zeros in (-n-1, -n) for n = 2..=24, lower first.
#[rustfmt::skip]
pub(super) const ZEROS: [[Zero; 2]; 23] = [
    [
        Zero {
            x0: [f64::from_bits(0xC005FB410A1BD901), f64::from_bits(0x3C9A19A96D2E6F85), f64::from_bits(0x393140B4FF4B7D60)],
            c: [f64::from_bits(0xBFFEA12DA904B18C), f64::from_bits(0x4023267F3C265A52), f64::from_bits(0xC034185AC30C8BF2), f64::from_bits(0x404F504ACCC9F19B)],
        },
        Zero {
            x0: [f64::from_bits(0xC003A7FC9600F86C), f64::from_bits(0xBC855F64F98AF8D0), f64::from_bits(0xB91C4B0CD201366A)],
            c: [f64::from_bits(0x3FF83FE966AF535F), f64::from_bits(0x40136EEBB002F55D), f64::from_bits(0x3FF694A6058A7858), f64::from_bits(0x4021718D7CA09E5B)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC00FA471547C2FE5), f64::from_bits(0xBC770D4561291237), f64::from_bits(0x3909E6FADBBC171A)],
            c: [f64::from_bits(0xC034B99D966C5647), f64::from_bits(0x406F76DEAE0436BE), f64::from_bits(0xC0AD25359D4B2F38), f64::from_bits(0x40EE8F829F141AA5)],
        },
        Zero {
            x0: [f64::from_bits(0xC009260DBC9E59AF), f64::from_bits(0xBCAF717CD335A7B3), f64::from_bits(0xB94D32A2A65BFD63)],
            c: [f64::from_bits(0x401F20A65F2FAC55), f64::from_bits(0x4039D4D2977150EF), f64::from_bits(0x405C1137124D5C5B), f64::from_bits(0x408267203D776B0E)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC013F7577A6EEAFD), f64::from_bits(0x3CA5DE5EAB7F12CF), f64::from_bits(0xB914075F5E0494A2)],
            c: [f64::from_bits(0xC05D224A3EF9E41F), f64::from_bits(0x40BB533C678A3956), f64::from_bits(0xC120D3F7FEE65D34), f64::from_bits(0x418752A6F5AC2726)],
        },
        Zero {
            x0: [f64::from_bits(0xC010284E78599581), f64::from_bits(0x3CAE78C1E9E43CFE), f64::from_bits(0xB932AC17BFD6BE92)],
            c: [f64::from_bits(0x403ACA5CF4921642), f64::from_bits(0x40744415CD813F8E), f64::from_bits(0x40B559B11B2A9C7C), f64::from_bits(0x40F96D18E21AEBDB)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC017FE92F591F40D), f64::from_bits(0xBCB7DD4ED62CBD32), f64::from_bits(0x3932071C071A2146)],
            c: [f64::from_bits(0xC08661F6A43A5E12), f64::from_bits(0x410F79DCB794F26F), f64::from_bits(0xC19D6E8088A19FFE), f64::from_bits(0x422EF5D308DBFC97)],
        },
        Zero {
            x0: [f64::from_bits(0xC014086A57F0B6D9), f64::from_bits(0xBC895262B72CA9CA), f64::from_bits(0xB92BD98D5E0861AA)],
            c: [f64::from_bits(0x405ED72E0829AE02), f64::from_bits(0x40BCECC32EC22F9B), f64::from_bits(0x412253D8563F7264), f64::from_bits(0x418A225DF2DA6E63)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC01BFFCBF76B86F0), f64::from_bits(0x3C6853B29347B806), f64::from_bits(0xB900FA018051DD41)],
            c: [f64::from_bits(0xC0B3ABF7A5CEA91B), f64::from_bits(0x4168349A2550422D), f64::from_bits(0xC223D91DADC98428), f64::from_bits(0x42E24F3D636F3339)],
        },
        Zero {
            x0: [f64::from_bits(0xC018016B25897C8D), f64::from_bits(0x3C927E0F49A4BA72), f64::from_bits(0xB9172E1AB15A4D03)],
            c: [f64::from_bits(0x40869DE49E3AF2AA), f64::from_bits(0x410FCE23484CFD10), f64::from_bits(0x419DE503A3C37C40), f64::from_bits(0x422F9C7B52558ABB)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC01FFFF97F8159CF), f64::from_bits(0xBC8E54F415A91586), f64::from_bits(0xB9253A5D106F9A3E)],
            c: [f64::from_bits(0xC0E3AF76FE4C2FAB), f64::from_bits(0x41C838E76CAAF123), f64::from_bits(0xC2B3DE68B3256526), f64::from_bits(0x43A255C052530C71)],
        },
        Zero {
            x0: [f64::from_bits(0xC01C0033FDEDFE1F), f64::from_bits(0x3CB20BB7D2324678), f64::from_bits(0x395F5536678D69D3)],
            c: [f64::from_bits(0x40B3B407AA387BD1), f64::from_bits(0x41683E85DAAFBAD6), f64::from_bits(0x4223E552B5E3C226), f64::from_bits(0x42E25E42A45E905B)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC021FFFFA3884BD0), f64::from_bits(0xBCAFF90C9D2AE925), f64::from_bits(0x39430C0EFEF78C04)],
            c: [f64::from_bits(0xC11625EDFC63DB2F), f64::from_bits(0x422EA8C150480A7A), f64::from_bits(0xC34C4B30E4BC55C1), f64::from_bits(0x446D5FE468DBBF03)],
        },
        Zero {
            x0: [f64::from_bits(0xC02000034028B3F9), f64::from_bits(0xBCBF60CB3CEC1CED), f64::from_bits(0x395EA26620D6B1CA)],
            c: [f64::from_bits(0x40E3B088FED67718), f64::from_bits(0x41C83A3893550EDC), f64::from_bits(0x42B3E0078DB8ADA4), f64::from_bits(0x43A257BEC9464251)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC023FFFFF6C0D7C0), f64::from_bits(0x3CC197CEA8C42D7D), f64::from_bits(0x3967072C5A292198)],
            c: [f64::from_bits(0xC14BAF7DA5F3795D), f64::from_bits(0x4297F3E8791FA0D2), f64::from_bits(0xC3EBA18BEFCAAA63), f64::from_bits(0x4541EDE14765DC0C)],
        },
        Zero {
            x0: [f64::from_bits(0xC02200005C7768FB), f64::from_bits(0xBC9B5B610FFB70D4), f64::from_bits(0xB93DEB7AD09EC5EA)],
            c: [f64::from_bits(0x4116261203919440), f64::from_bits(0x422EA8F32FB7F586), f64::from_bits(0x434C4B75EE68E2BA), f64::from_bits(0x446D6043FA1FFAA5)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC025FFFFFF28CDD4), f64::from_bits(0x3CAC9924A65AA486), f64::from_bits(0xB938D05A4E458063)],
            c: [f64::from_bits(0xC18308A7D8EADB7C), f64::from_bits(0x4306A4938065BFD2), f64::from_bits(0xC491F51F646980C5), f64::from_bits(0x462005993B17E047)],
        },
        Zero {
            x0: [f64::from_bits(0xC0240000093F2777), f64::from_bits(0xBCB927B45D95E154), f64::from_bits(0xB950780C21B6E452)],
            c: [f64::from_bits(0x414BAF825A0C63B2), f64::from_bits(0x4297F3EC8AE05F2E), f64::from_bits(0x43EBA192FA62A5C8), f64::from_bits(0x4541EDE75EF431B0)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC027FFFFFFEE1127), f64::from_bits(0xBC9CE1F7906B30F5), f64::from_bits(0x390B43A13E31B9DF)],
            c: [f64::from_bits(0xC1BC8CFBFAF2B0C8), f64::from_bits(0x43797926203E98AC), f64::from_bits(0xC53E4DA54EBC6DAC), f64::from_bits(0x470447163AE314A4)],
        },
        Zero {
            x0: [f64::from_bits(0xC026000000D7322A), f64::from_bits(0xBCC8AECB2D37FF52), f64::from_bits(0xB92C97D472001B98)],
            c: [f64::from_bits(0x418308A827152450), f64::from_bits(0x4306A493DD62402E), f64::from_bits(0x4491F51FD307A7CD), f64::from_bits(0x46200599BEAF8731)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC029FFFFFFFE9EDC), f64::from_bits(0x3CC84F40342D001C), f64::from_bits(0x39650556E5AEDE66)],
            c: [f64::from_bits(0xC1F7328CBFACB4E5), f64::from_bits(0x43F0D0FA2E06B2F1), f64::from_bits(0xC5F04105BEC453B2), f64::from_bits(0x47F1AC9DD401F2E4)],
        },
        Zero {
            x0: [f64::from_bits(0xC02800000011EED9), f64::from_bits(0x3CA19D5307E1FB5E), f64::from_bits(0x3928F0DBE4153150)],
            c: [f64::from_bits(0x41BC8CFC050D4F38), f64::from_bits(0x4379792629426754), f64::from_bits(0x453E4DA55ED2869F), f64::from_bits(0x47044716493D49D4)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC02BFFFFFFFFE6C7), f64::from_bits(0x3CCD2A30F3DAE0FB), f64::from_bits(0x394774491DB8DC05)],
            c: [f64::from_bits(0xC2344C3B27FAA6BC), f64::from_bits(0x4469BFFF16CFEE53), f64::from_bits(0xC6A5C71EB305BBBA), f64::from_bits(0x48E4B87E88B6AA31)],
        },
        Zero {
            x0: [f64::from_bits(0xC02A000000016124), f64::from_bits(0xBCC84E03341EE8DD), f64::from_bits(0x396F8391FEF50BD4)],
            c: [f64::from_bits(0x41F7328CC0534B1B), f64::from_bits(0x43F0D0FA2E7F760F), f64::from_bits(0x45F04105BF7369B6), f64::from_bits(0x47F1AC9DD4FFCBB2)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC02DFFFFFFFFFE52), f64::from_bits(0x3CCFCF9CCFD8867E), f64::from_bits(0x3961C0EC5919506C)],
            c: [f64::from_bits(0xC2730777757FA84A), f64::from_bits(0x44E6A1BF33124EDD), f64::from_bits(0xC761F1C1DBA92510), f64::from_bits(0x49E0019876A17EA6)],
        },
        Zero {
            x0: [f64::from_bits(0xC02C000000001939), f64::from_bits(0xBCCD2A2F4A73AF63), f64::from_bits(0x3961CE11583B5FC3)],
            c: [f64::from_bits(0x42344C3B28055944), f64::from_bits(0x4469BFFF16DD8075), f64::from_bits(0x46A5C71EB316F30C), f64::from_bits(0x48E4B87E88CC815E)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC02FFFFFFFFFFFE5), f64::from_bits(0xBCA80C18CC43EA26), f64::from_bits(0x3938D1B2EEC9D961)],
            c: [f64::from_bits(0xC2B30777757FFA65), f64::from_bits(0x4566A1BF3312B084), f64::from_bits(0xC821F1C1DBA99933), f64::from_bits(0x4AE0019876A208C6)],
        },
        Zero {
            x0: [f64::from_bits(0xC02E0000000001AE), f64::from_bits(0xBCCFCF9CCDE87210), f64::from_bits(0xB96F0BD3DC636171)],
            c: [f64::from_bits(0x42730777758057B6), f64::from_bits(0x44E6A1BF33131F80), f64::from_bits(0x4761F1C1DBAA1D33), f64::from_bits(0x49E0019876A2A5C3)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC030FFFFFFFFFFFF), f64::from_bits(0xBCCAB4E23F3D49F1), f64::from_bits(0x394DCAFBAE8FFBAB)],
            c: [f64::from_bits(0xC2F437EEECD7FFA4), f64::from_bits(0x45E98C98D8A82058), f64::from_bits(0xC8E5860A968A2643), f64::from_bits(0x4BE466188EC8819D)],
        },
        Zero {
            x0: [f64::from_bits(0xC03000000000000D), f64::from_bits(0xBCDCFE7CE6768509), f64::from_bits(0xB967F27723E2EF9F)],
            c: [f64::from_bits(0x42B307777580059B), f64::from_bits(0x4566A1BF3312BDDA), f64::from_bits(0x4821F1C1DBA9A910), f64::from_bits(0x4AE0019876A21BA3)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC032000000000000), f64::from_bits(0x3CA6827863B97D9A), f64::from_bits(0x3947BA6A46CF3C1C)],
            c: [f64::from_bits(0xC336BEECCA72FFFA), f64::from_bits(0x46702AF8B91A64BD), f64::from_bits(0xC9AEA55A1357B43F), f64::from_bits(0x4CF05664DB1B069A)],
        },
        Zero {
            x0: [f64::from_bits(0xC031000000000001), f64::from_bits(0x3CCAB4E23F3D4BBC), f64::from_bits(0xB95DB2968E993B05)],
            c: [f64::from_bits(0x42F437EEECD8005C), f64::from_bits(0x45E98C98D8A82140), f64::from_bits(0x48E5860A968A2767), f64::from_bits(0x4BE466188EC8830F)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC033000000000000), f64::from_bits(0x3C62F49B46814157), f64::from_bits(0x3901893668E3DBD0)],
            c: [f64::from_bits(0xC37B02B930689000), f64::from_bits(0x46F6CC98BD063814), f64::from_bits(0xCA79A8C22321F6DC), f64::from_bits(0x4E003E6E222BA47E)],
        },
        Zero {
            x0: [f64::from_bits(0xC032000000000000), f64::from_bits(0xBCA6827863B97D95), f64::from_bits(0x3949E268029A25B6)],
            c: [f64::from_bits(0x4336BEECCA730006), f64::from_bits(0x46702AF8B91A64C5), f64::from_bits(0x49AEA55A1357B456), f64::from_bits(0x4CF05664DB1B06AB)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC034000000000000), f64::from_bits(0x3C1E542BA4020225), f64::from_bits(0x3884C0C6F9543D5D)],
            c: [f64::from_bits(0xC3C0E1B3BE415A00), f64::from_bits(0x4781CFD753ACDBD0), f64::from_bits(0xCB490ECD964F2B13), f64::from_bits(0x4F13D43570B6464C)],
        },
        Zero {
            x0: [f64::from_bits(0xC033000000000000), f64::from_bits(0xBC62F49B46814157), f64::from_bits(0xB8BB7B1F1F001C73)],
            c: [f64::from_bits(0x437B02B930689000), f64::from_bits(0x46F6CC98BD063815), f64::from_bits(0x4A79A8C22321F6DD), f64::from_bits(0x4E003E6E222BA47F)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC035000000000000), f64::from_bits(0x3BD71B8EF6DCF572), f64::from_bits(0xB87CFDD49D4AB7B4)],
            c: [f64::from_bits(0xC406283BE9B5C620), f64::from_bits(0x480EAF09EF24C6A9), f64::from_bits(0xCC1C53E41A346FCA), f64::from_bits(0x502D6BF0150FAC3A)],
        },
        Zero {
            x0: [f64::from_bits(0xC034000000000000), f64::from_bits(0xBC1E542BA4020225), f64::from_bits(0xB873CCC8A353FDA2)],
            c: [f64::from_bits(0x43C0E1B3BE415A00), f64::from_bits(0x4781CFD753ACDBD0), f64::from_bits(0x4B490ECD964F2B13), f64::from_bits(0x4F13D43570B6464C)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC036000000000000), f64::from_bits(0x3B90CE396DB7F853), f64::from_bits(0xB83AEB96C74D7AD2)],
            c: [f64::from_bits(0xC44E77526159F06C), f64::from_bits(0x489D01776410C3CC), f64::from_bits(0xCCF269055E87D427), f64::from_bits(0x514A4AA876921563)],
        },
        Zero {
            x0: [f64::from_bits(0xC035000000000000), f64::from_bits(0xBBD71B8EF6DCF572), f64::from_bits(0x387D0AA12ACDD4D9)],
            c: [f64::from_bits(0x4406283BE9B5C620), f64::from_bits(0x480EAF09EF24C6A9), f64::from_bits(0x4C1C53E41A346FCA), f64::from_bits(0x502D6BF0150FAC3A)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC037000000000000), f64::from_bits(0x3B4761B41316381A), f64::from_bits(0xB7D34235BF96A95B)],
            c: [f64::from_bits(0xC495E5C335F8A4CE), f64::from_bits(0x492DF803DAE3524C), f64::from_bits(0xCDCB57EAF17E4CA0), f64::from_bits(0x526C1109387D3F89)],
        },
        Zero {
            x0: [f64::from_bits(0xC036000000000000), f64::from_bits(0xBB90CE396DB7F853), f64::from_bits(0x383AEC04B2F2EB66)],
            c: [f64::from_bits(0x444E77526159F06C), f64::from_bits(0x489D01776410C3CC), f64::from_bits(0x4CF269055E87D427), f64::from_bits(0x514A4AA876921563)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC038000000000000), f64::from_bits(0x3AFF2CF01972F578), f64::from_bits(0xB789ADA59B9A711F)],
            c: [f64::from_bits(0xC4E06C52687A7B9A), f64::from_bits(0x49C0DB822B1FDE4B), f64::from_bits(0xCEA7122E3BC290A7), f64::from_bits(0x5391C2C7D5BF4235)],
        },
        Zero {
            x0: [f64::from_bits(0xC037000000000000), f64::from_bits(0xBB4761B41316381A), f64::from_bits(0x37D342433B8BD743)],
            c: [f64::from_bits(0x4495E5C335F8A4CE), f64::from_bits(0x492DF803DAE3524C), f64::from_bits(0x4DCB57EAF17E4CA0), f64::from_bits(0x526C1109387D3F89)],
        },
    ],
    [
        Zero {
            x0: [f64::from_bits(0xC039000000000000), f64::from_bits(0x3AB3F3CCDD165FA9), f64::from_bits(0xB7458DDADCAF9A35)],
            c: [f64::from_bits(0xC529A940C33F6121), f64::from_bits(0x4A5493F465A466DA), f64::from_bits(0xCF8600929F75D93C), f64::from_bits(0x54BA773B277BCC9F)],
        },
        Zero {
            x0: [f64::from_bits(0xC038000000000000), f64::from_bits(0xBAFF2CF01972F578), f64::from_bits(0x3789ADA65DE8E508)],
            c: [f64::from_bits(0x44E06C52687A7B9A), f64::from_bits(0x49C0DB822B1FDE4B), f64::from_bits(0x4EA7122E3BC290A7), f64::from_bits(0x5391C2C7D5BF4235)],
        },
    ],
];
