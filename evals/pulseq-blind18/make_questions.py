# blind18: writes questions.jsonl and runs all mechanical checks. blind17's make_questions.py with this set's questions and
# these changes, marked 'blind18': paths /tmp/blind18_*, seed 181 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks incl. blind17's string-aware MATLAB comment cut, the page checks in both
# PDF copies) is blind17's, unchanged. Reads /tmp/blind18_all.txt and /tmp/blind18_callers.json (written by the listing
# command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page checks. Run from
# anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind18_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('mr.makeSoftDelay example: soft TE and TR delays with an offset and a factor in a demo sequence','mr.makeSoftDelay','matlab','a')
fx("I want to register my label events once before the main loop so that adding blocks goes faster; show me a demo that calls seq.registerLabelEvent",'seq.registerLabelEvent','matlab','c')
fx('which demos read blocks back out of the sequence object with seq.getBlock?','seq.getBlock','matlab','b')
fx('demo sequences that generate their reconstruction labels automatically via seq.autoLabel','seq.autoLabel','matlab','a')
fx("I'm building a radial gradient echo and want each spoke's excitation, readout and spoiler gradients rotated in plane without needing the robotics toolbox; can you give me the demo that does this with mr.rotate3D?",'mr.rotate3D','matlab','c')
fx('is there a demo that pre-registers the RF pulse shapes with seq.registerRfEvent before the loop, because the pulse phase changes from one TR to the next?','seq.registerRfEvent','matlab','b')
fx('which pypulseq example scripts call pp.make_gauss_pulse?','pp.make_gauss_pulse','python','b')
fx('pp.calc_rf_center in the pypulseq example scripts (echo time and slice phase calculations)','pp.calc_rf_center','python','a')
fx("I'm writing a radial GRE in pypulseq and need to rotate the readout, the prephaser and the spoilers for every spoke; point me to an example script that uses pp.rotate",'pp.rotate','python','c')
fx('does any pypulseq example cut a gradient into two pieces at a given time point with pp.split_gradient_at?','pp.split_gradient_at','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a simple single-slice spin-echo EPI: a 3 ms sinc 90 degree excitation of a 3 mm slice, a 500 us hard 180 degree refocusing pulse between two spoiler gradients, TE 60 ms, 64 by 64 over 256 mm, each line sampled on the flat top only (no ramp sampling) in 320 us, and no fat saturation?',
   [M+'writeEpiSpinEcho.m',P+'write_epi_se.py'],'none','b')
ex("I need a multi-shot turbo spin echo on a Cartesian grid (no rotated blades) for one 5 mm slice over a 256 mm field of view: 16 refocusing pulses of 180 degrees per excitation with 12 ms echo spacing, every gradient ramp fixed at 250 us, 2500 us excitation and 2000 us refocusing sinc pulses, a 6400 us sampling window, crusher lobes on the slice and readout axes around each refocusing pulse, TR 2 s, and a first echo train played without acquisition as a dummy. Can you give me the code?",
   [P+'write_tse.py',M+'writeTSE.m'],'none','c')
ex('multi-slice spin-echo EPI with ramp sampling and the phase blips split into halves that overlap the neighbouring readouts: a 110 degree Gaussian fat saturation before each slice, 2 ms sinc excitation and 2 ms sinc refocusing pulse (the latter phase-shifted by 90 degrees) on three 3 mm slices, the refocusing slice gradient merged with its crushers into one piecewise-linear waveform, 64 by 64 over 250 mm, TE 40 ms, 420 us readouts, three-quarter partial Fourier, a digital output trigger with every excitation, and no diffusion gradients',
   [M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py'],'none','a')
ex('do you have a teaching EPI without ramp sampling that also shows how to fill the raw-data header for reconstruction: seven slices, four repetitions that each wait for a physiological trigger, a 3 ms sinc excitation, a 4 us ADC dwell with every line sampled on the flat top, three navigator readouts before phase encoding starts with the line counter held at the k-space centre and the averaging flag set on the last navigator, empty blocks as long as a phase blip between the navigators so the readout timing stays the same, and a spoiler plus a 100 ms pause after each slice?',
   [M+'writeEpi_label.m',P+'write_epi_label.py'],'none','b')
ex("I'm looking for a ramp-sampled EPI modelled on the vendor's BOLD product sequence so that the scanner's own reconstruction can handle the data: four interleaved 3 mm slices with a gap of half the slice thickness, 96 by 96 over 220 mm, twofold readout oversampling with a 580 us readout, fat saturation, three navigator echoes, a small random phase modulation on the ADC, an output trigger on each excitation, TR 3 s fixed at export with the spare time spread as a delay after every slice (TE and TR not adjustable on the scanner), and the gridding parameters written into the file definitions. Where can I find that?",
   [M+'writeEpiRS_label.m'],'none','c')
ex('diffusion-weighted spin-echo EPI in the Stejskal-Tanner style: trapezoidal diffusion gradients on the slice axis on both sides of the refocusing pulse, sized for b = 1000 s/mm², ramp sampling with split blips, half-Fourier phase encoding, 112 by 112 over 224 mm, three 2 mm slices, TE 80 ms, 3 ms sinc excitation and refocusing pulses, 630 us readouts, fat saturation before each slice, strong gradient limits of 38 mT/m and 180 T/m/s, and no prospective motion-correction flags',
   [M+'writeEpiDiffusionRS.m'],'none','a')
ex('is there a TrueFISP (bSSFP) example that squeezes TR to the minimum by cutting the slice and readout gradients right after the RF pulse and the ADC and merging each tail with the next rephasing lobe, labels the half-angle start-up pulse and the closing gradient block so they only play in the first or the last repetition, alternates RF and receiver phase, and uses a 40 degree flip angle, a 4 mm slice, 256 by 256 over 220 mm and TE equal to half the TR?',
   [M+'writeTrufi.m'],'none','b')
ex("I'd like a 3D zero echo time (PETRA) sequence for proton imaging: 256 mm isotropic field of view at 2 mm resolution, a very short 10 us Gaussian excitation of 4 degrees, a 300 us readout with 300 samples starting about 50 us after the pulse, radial spokes on a golden-angle spiral over the sphere with eightfold undersampling, the readout gradient stepped from spoke to spoke instead of returning to zero, and the missing k-space centre filled by single-point acquisitions on a set of smaller spherical shells. Can you point me to it?",
   [M+'writeZTE_Petra.m'],'none','c')
ex('3D T1-weighted magnetization-prepared gradient echo (MPRAGE-like) in which every phase-encoding line gets its own preparation: a 500 us 90 degree hard pulse followed by spoilers on all three axes and a 140 ms preparation delay, then 32 partition encodes each excited by a 12 degree 250 us hard pulse, TR 10 ms, a 3500 us readout whose ramp-down runs straight into the readout spoiler, 256 by 256 by 32 over 256 mm, and a 1 ms recovery pause before the next line',
   [P+'write_3Dt1_mprage.py'],'none','a')
ex('do you have a segmented cardiac cine gradient echo: each segment waits for a cardiac trigger and then acquires 8 cardiac phases, k-space split over 15 heartbeats with the line order reversed in every other segment, 128 by 128 over 256 mm, 5 mm slice, 5 degree sinc excitation, TE about 5 ms and TR 9 ms, 84 degree RF spoiling, an output trigger pulse on every excitation, and automatically generated labels with the repetition counter remapped to the cardiac phase counter?',
   [M+'writeCineGradientEcho.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I'm adding an output trigger made with mr.makeDigitalOutputPulse, which ends up as an extension in the file. Which format revision first brought generic extensions and triggers (of which types), how does a block point to its extensions since then, and what must an interpreter do when it meets an extension it does not know?",[3,16],'matlab','c')
sp('seq.evalLabels and the LABEL extension: since which format revision labels are supported, what they are meant to pass on to the image reconstruction, and which flags came with revision 1.4.1',[3,17,18],'matlab','a')
sp('if I put an RF pulse and a z slice-select gradient from mr.makeTrapezoid into one block, how does the example line in the [BLOCKS] section of the specification describe that block: its duration and in what unit, which event IDs it carries, what the zero entries mean, and whether the x, y and z columns are logical or physical gradient axes?',[11],'matlab','b')
sp("I'm attaching rotations made with mr.makeRotation to my spiral interleaves; in the specification's ROTATIONS example, what rotation does each of the two lines describe, and how many rotation objects may a single block carry?",[20],'matlab','c')
sp('mr.makeExtendedTrapezoid with my own time points: the Pulseq format revision that introduced flexible shape timing for arbitrary gradients and RF pulses, and what else that revision added besides explicit block durations and dropping the [DELAYS] section',[3],'matlab','a')
sp("Before I write my sequence out with seq.write in MATLAB I'd like to understand the design of the file format: why is it plain text rather than XML, which hardware-dependent units were deliberately kept out of it, and which complex sequence features does it currently leave out?",[4],'matlab','c')
sp("with pypulseq's pp.make_soft_delay in mind: in the specification's soft-delay example, how are the block durations of the first two TE lines computed although they share the same numeric ID and hint, what kind of sequence are they for, and what does the last line with the TD hint do?",[19],'python','b')
sp('pypulseq pp.make_adc and the file format: how the duration of an [ADC] readout follows from its fields, the units of dwell and delay and where the delay is counted from, and what the [ADC] example line in the specification describes',[15,16],'python','a')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
QU=A+'+aux/+quat/'
api('what arguments does mr.scaleGrad take, and do I have to give it the system limits?','matlab','scaleGrad','params',[A+'scaleGrad.m'],'b')
api('mr.opts name/value options','matlab','opts','params',[A+'opts.m'],'a')
api("I want the energy and peak power of my refocusing pulse from mr.calcRfPower; which inputs does it accept?",'matlab','calcRfPower','params',[A+'calcRfPower.m'],'c')
api('which parameters can I pass to mr.makeAdiabaticPulse when I want a hyperbolic secant inversion?','matlab','makeAdiabaticPulse','params',[A+'makeAdiabaticPulse.m'],'b')
api('mr.aux.globalVars arguments','matlab','globalVars','params',[A+'+aux/globalVars.m'],'a')
api("I need to invert or scale every gradient on one axis of a sequence I have already built, using seq.modGradAxis; what do I pass to it?",'matlab','modGradAxis','params',[A+'@Sequence/Sequence.m'],'c')
api('what are the parameters of pp.make_label in pypulseq?','python','make_label','params',[PA+'make_label.py'],'b')
api('pypulseq convert() unit conversion helper: its parameters and defaults','python','convert','params',[PA+'convert.py'],'a')
api("I'm loading an existing .seq file into a pypulseq Sequence with seq.read(); which arguments can I give it?",'python','read','params',[PA+'Sequence/read_seq.py',PA+'Sequence/sequence.py'],'c')
api('I have a unit quaternion and pass it to mr.aux.quat.toRotMat; what comes out, and in what form?','matlab','toRotMat','returns',[QU+'toRotMat.m'],'c')
api('what outputs does mr.makeSLRpulse return?','matlab','makeSLRpulse','returns',[A+'makeSLRpulse.m'],'b')
api('in pypulseq, what does pp.get_supported_labels() give back?','python','get_supported_labels','returns',[PA+'supported_labels_rf_use.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind18_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind18: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['scaleGrad','opts','calcRfPower','makeAdiabaticPulse',
  'globalVars','modGradAxis','make_label','convert','read','toRotMat',
  'makeSLRpulse','get_supported_labels']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind18: this set's draw
assert exfns==['mr.makeSoftDelay','seq.registerLabelEvent','seq.getBlock','seq.autoLabel','mr.rotate3D',
  'seq.registerRfEvent','pp.make_gauss_pulse','pp.calc_rf_center','pp.rotate','pp.split_gradient_at']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 181 (blind18); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(181); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind18: this set's pages and key phrases
KEY={3:['1.3.0 02 Jul 2019 Support for generic extensions:',
        'added extensions column to the event table, which references the new [extensions] section;',
        'added support for one extension: triggers (including two types: input and output)',
        '1.3.1 25 Sept 2020 Added support for the LABEL extension',
        '1.4.1 16 Feb 2023 New flags to the LABEL extension added',
        '1.4.0 7 Jul 2021 Substantial revisions of the file format: added required definitions;',
        'we now explicitly specify sampling and raster alignment conventions;',
        'flexible shape timing for arbitrary gradients and RF pulses;',
        'explicit block duration; removed [DELAYS]; added uncompressed shape option; added signature section'],
     4:['The format is intended for research and educational purposes and currently omits complex sequence features such as logical coordinate-frame transformations',
        'The first goal of human readability necessitates a text-file format',
        'This prohibits the use of an existing markup language like XML, which are not straightforward to parse',
        'units that are inherently hardware dependent have been avoided, such as ‘Volts’, ‘Tesla’ or ‘DAC units’'],
     11:['<duration> integer duration of the current block in units of BlockDurationRaster',
         'X, Y and Z refer to physical scanner gradient channels',
         '[BLOCKS] 1 319 1 0 0 2 0 0',
         'The block above is the first in the sequence which has a duration of 319*BlockDurationRaster and contains an RF pulse with ID of 1 and a z-gradient pulse with ID of 2',
         'The block has no X gradient, Y gradient or ADC events, indicated by zero IDs and also no extension is specified'],
     15:['<dwell> float The ADC dwell time ns','<delay> integer Delay between start of block and µs first sample',
         'The duration of the ADC readout is given by the product of <num> and <dwell>'],
     16:['The example above contains an ADC with 512 samples, and dwell time of 5000ns, and no frequency and phase offsets',
         'Extensions concept allows for implementing additional pulse sequence format features without requiring major revisions of the Pulseq format specification',
         'The interpreter MUST detect unknown extensions and MAY chose to ignore them','issues a warning in this case'],
     17:['Starting from revision 1.3.1 both Matlab Pulseq toolbox and the Siemens inter- preter sequence support LABEL extension',
         'The extension is intended to provide a possibility for the pulse sequence to pass counters and flags over to the raw data object and in this way to communicate with the image reconstruction'],
     18:['New experimental labels have been introduced in revision 1.4.1. These include PMC, NOROT, NOPOS, NOSLC and ONCE flags'],
     19:['# id num offset factor hint','1 0 -7840 2 TE 2 0 -9320 2 TE','5 2 0 1 TD',
         'line 1 defines a Soft Delay with numeric ID 0 and text ID ’TE’, with the actual block durarion calculated as D1 = T E/2 − 7840µs',
         'Line 2 defines another instance of the Soft Delay with the same numeric and text IDs, but where the delay duration is calculated as D2 = T E/2 − 9320µs',
         'these two delays facilitate the TE setting in a spin-echo sequence',
         'Line 5 defines the most trivial Soft Delay, where the value entered in the scanner’s UI for the parameter marked TD is simply interpreted as the new block duration'],
     20:['Only one rotation extension object can be specified per block',
         'In the example above, line 1 defines a rotation by 14.77° about the negative Z axis, whereas line 2 specifies a unity transform (zero rotation)']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
